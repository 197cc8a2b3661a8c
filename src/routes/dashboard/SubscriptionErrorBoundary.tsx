import { Component, type ErrorInfo, type ReactNode } from "react";
import { SupportEmail } from "@/components/marketing/site-links";

type Props = { children: ReactNode; onGoBack: () => void };
type State = { error: Error | null };

/** Spec 1 §2: 'Subscription Setup Error' with Go Back, Try Again, Refresh Page, plus tips. */
export class SubscriptionErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Subscription setup crashed", error, info.componentStack);
  }

  private reset = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section role="alert" className="mx-auto max-w-lg py-6">
        <div className="card bg-base-100 shadow-sm ring-1 ring-error/30">
          <div className="card-body gap-4">
            <h2 className="card-title text-xl">Subscription Setup Error</h2>
            <p className="text-soft">Something went wrong while setting up your plan. Nothing was charged.</p>
            <div className="rounded-box bg-base-200 p-4 text-sm">
              <p className="font-semibold">Tips</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 text-soft">
                <li>Check your internet connection.</li>
                <li>Allow pop-ups and redirects for the payment page, or pause ad blockers.</li>
                <li>Refresh the page, or try another browser.</li>
                <li>
                  If it keeps happening, write to <SupportEmail className="link link-primary" />.
                </li>
              </ul>
            </div>
            <div className="card-actions flex-wrap justify-end gap-2">
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() => {
                  this.reset();
                  this.props.onGoBack();
                }}
              >
                Go Back
              </button>
              <button type="button" className="btn btn-outline" onClick={() => window.location.reload()}>
                Refresh Page
              </button>
              <button type="button" className="btn btn-primary" onClick={this.reset}>
                Try Again
              </button>
            </div>
          </div>
        </div>
      </section>
    );
  }
}
