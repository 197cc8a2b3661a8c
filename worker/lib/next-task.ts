/**
 * Resolves on a later task, after what the thread already has queued: work started from it
 * leaves the current turn's storage commit (and the frames it releases, an ack) to go first.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
