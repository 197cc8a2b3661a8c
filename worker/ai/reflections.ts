import type { TopicId } from "../language/themes";

/**
 * What the embedded interviewer can say back about a topic, in its own words (never the
 * salesperson's). `np` and `clause` slot into the mixed-answer templates ("Good to hear
 * your manager has your back, though the team is stretched too thin."); `lines` are whole
 * reflections for an answer that is mainly about that problem.
 */
type ConcernWords = { np: string; clause: string; lines: string[] };
type PraiseWords = { clause: string; line: string };

export const CONCERN_WORDS: Record<TopicId, ConcernWords> = {
  crm: {
    np: "all that CRM admin",
    clause: "the CRM is eating into your selling time",
    lines: [
      "Time lost to CRM admin is time you'd rather spend with buyers.",
      "A CRM that fights you makes every day longer.",
    ],
  },
  approvals: {
    np: "slow pricing approvals",
    clause: "pricing approvals are holding your deals up",
    lines: [
      "Waiting on pricing approvals while a buyer cools off is frustrating.",
      "Deals stuck in approval are a hard way to lose momentum.",
    ],
  },
  leads: {
    np: "weak lead flow",
    clause: "the leads just aren't there",
    lines: [
      "It's hard to build a quarter without good leads coming in.",
      "Without enough good leads, everything else gets harder.",
    ],
  },
  product: {
    np: "the product gaps",
    clause: "product gaps are costing you deals",
    lines: [
      "Product gaps are tough to sell around.",
      "Losing deals over something you can't fix yourself is frustrating.",
    ],
  },
  territory: {
    np: "the territory change",
    clause: "the territory change has cost you accounts",
    lines: ["Losing accounts you'd built up is a real setback.", "A territory change is a lot to absorb mid-stream."],
  },
  tools: {
    np: "tools that slow you down",
    clause: "the tools are slowing you down",
    lines: ["Tools that slow you down make every day longer.", "Fighting your tools on top of selling is draining."],
  },
  processes: {
    np: "all that internal overhead",
    clause: "internal process is eating into your selling time",
    lines: [
      "Internal overhead eating into your selling time is frustrating.",
      "That's a lot of time away from customers.",
    ],
  },
  enablement: {
    np: "the training gap",
    clause: "you're not getting the training you need",
    lines: [
      "Being left to figure it out on your own is tough.",
      "Good enablement matters, and it's hard when it isn't there.",
    ],
  },
  manager: {
    np: "a lack of support from your manager",
    clause: "you're not getting what you need from your manager",
    lines: [
      "Things with your manager shape so much of the job, so that's hard to live with.",
      "Not getting what you need from your manager makes everything harder.",
    ],
  },
  comp: {
    np: "the comp change",
    clause: "the comp plan doesn't sit right with you",
    lines: [
      "Comp changes hit close to home, so it makes sense you're not happy.",
      "A comp plan you don't trust makes it hard to stay motivated.",
    ],
  },
  competition: {
    np: "the competitive pressure",
    clause: "the competition is making deals harder",
    lines: [
      "Getting undercut on price is a tough way to lose a deal.",
      "Competitive pressure like that makes every deal harder.",
    ],
  },
  capacity: {
    np: "a team stretched that thin",
    clause: "the team is stretched too thin",
    lines: [
      "A team stretched that thin can't keep it up for long.",
      "When everyone is working late, the load isn't sustainable.",
    ],
  },
  workload: {
    np: "those hours",
    clause: "the hours are piling up",
    lines: [
      "Working those hours week after week takes a real toll.",
      "When everything piles up at once, it's hard to catch your breath.",
    ],
  },
  rest: {
    np: "going that long without a break",
    clause: "you haven't had a real break in a long time",
    lines: [
      "Going that long without a proper break would wear anyone down.",
      "That's a long stretch without any real rest.",
    ],
  },
  energy: {
    np: "feeling worn out",
    clause: "you're running low on energy",
    lines: ["Running on empty like that is hard.", "I'm sorry you're so worn out."],
  },
  stress: {
    np: "that kind of pressure",
    clause: "the pressure is constant",
    lines: ["Constant pressure like that is exhausting.", "That's a lot of pressure to carry."],
  },
  quota: {
    np: "the gap to your number",
    clause: "the number is weighing on you",
    lines: ["The number weighing on you like that is hard.", "That's a tough spot to be in with the quarter."],
  },
  pipeline: {
    np: "a thin pipeline",
    clause: "the pipeline is thinner than you'd like",
    lines: [
      "A thin pipeline makes the whole quarter feel uncertain.",
      "It's hard to feel settled with a light pipeline.",
    ],
  },
  deals: {
    np: "deals slipping",
    clause: "deals are slipping",
    lines: [
      "Losing ground on a deal after all that work is hard.",
      "It's hard when deals don't land the way they should.",
    ],
  },
  team: {
    np: "the friction on the team",
    clause: "things on the team are strained",
    lines: ["Friction on the team makes everything harder.", "That kind of tension on a team is draining."],
  },
  pride: {
    np: "the setback",
    clause: "it didn't come off",
    lines: ["That's a setback after a lot of work.", "It's hard when something you worked on doesn't come off."],
  },
  progress: {
    np: "the slow progress",
    clause: "progress feels slow",
    lines: ["Slow progress is hard to stay patient with.", "It's tiring when things move slower than you'd like."],
  },
  motivation: {
    np: "losing the spark",
    clause: "the work has started to feel like a grind",
    lines: [
      "Losing the spark for something you used to enjoy is hard.",
      "When the work starts to feel like a grind, that matters.",
    ],
  },
  career: {
    np: "whether to stay",
    clause: "you're wondering whether this is still the right place for you",
    lines: ["That's a big thing to be weighing up, and I'm glad you said it.", "Thank you for trusting me with that."],
  },
};

/** Doubt about the quarter rather than a known gap: "not sure", "maybe 60 %", "we'll see". */
export const UNCERTAIN_QUOTA: ConcernWords = {
  np: "an uncertain quarter",
  clause: "the quarter feels uncertain",
  lines: [
    "That's an honest read, and an uncertain quarter is hard to sit with.",
    "Fair enough, it's hard to feel settled when the quarter could go either way.",
  ],
};

export const PRAISE_WORDS: Partial<Record<TopicId, PraiseWords>> = {
  manager: { clause: "your manager is in your corner", line: "A manager who invests in you makes a real difference." },
  team: { clause: "the team is a bright spot", line: "A good team around you makes a big difference." },
  product: { clause: "you believe in the product", line: "Believing in what you sell counts for a lot." },
  crm: { clause: "the CRM is working for you", line: "A CRM that works for you is one less thing to fight." },
  leads: { clause: "the leads are decent", line: "Good leads make everything easier." },
  enablement: { clause: "the training is paying off", line: "It's great when the training actually sticks." },
  deals: { clause: "deals are moving", line: "Good to hear deals are moving." },
  pipeline: { clause: "the pipeline looks healthy", line: "A healthy pipeline is a great place to be." },
  quota: { clause: "the number is in good shape", line: "That's a strong place to be this quarter." },
  workload: { clause: "the workload is manageable", line: "Good to hear the workload is manageable." },
  rest: { clause: "you managed to switch off", line: "Good that you managed to switch off." },
  motivation: { clause: "you're feeling motivated", line: "Good to hear you're feeling motivated." },
  pride: { clause: "you're proud of what you pulled off", line: "You should be proud of that." },
  progress: { clause: "you're making progress", line: "Good to hear you're making progress." },
};

export const WIN_WORDS: PraiseWords = {
  clause: "you got a win on the board",
  line: "Congratulations on the win, that's a great result.",
};
export const CONFIDENT_WORDS: PraiseWords = {
  clause: "the quarter is looking good",
  line: "That's a strong place to be this quarter.",
};
export const GENERIC_PRAISE = "parts of it are going well";
/** The other side of a "but" that names nothing in particular ("…but it's been a lot since the reorg"). */
export const SOFT_CONCERN: ConcernWords = { np: "the harder side of it", clause: "not all of it is easy", lines: [] };
/** A skill the person is working on: theirs to build, not a blocker someone else holds. */
export const OWN_SKILL: ConcernWords = {
  np: "the skill you're working on",
  clause: "there's a skill you want to build",
  lines: [
    "It's honest of you to name something you want to get better at.",
    "Plenty of good sellers find that part hard, and it's a skill that can be built.",
  ],
};
export const GENERIC_CONCERN: ConcernWords = { np: "the rough patch", clause: "it's been a rough patch", lines: [] };

/** A feeling before a practical problem, in one sentence: "I'm sorry it's been like that; waiting on…". */
export const FEELING_FIRST = ["I'm sorry it's been like that", "That sounds hard"];

/** Mixed answers: both sides briefly, the side that came last (and weighs most) last. */
export function mixedLines(praise: string, concern: ConcernWords, outcome: "positive" | "negative"): string[] {
  if (outcome === "negative") {
    return [`Good to hear ${praise}, though ${concern.clause}.`, `Glad ${praise}, but I hear you on ${concern.np}.`];
  }
  return [
    `Sorry ${concern.clause}, but I'm glad ${praise}.`,
    `I hear you on ${concern.np}, but it's good that ${praise}.`,
  ];
}

export const STRONG_POSITIVE = ["That's great to hear.", "Love hearing that.", "That's really good news."];
export const MILD_POSITIVE = ["Good to hear.", "Glad to hear it.", "Nice, that's good to hear.", "Good, I'm glad."];
export const NEUTRAL_ACKS = [
  "Got it, thanks.",
  "Thanks, that's helpful.",
  "Understood.",
  "Okay, thanks for filling me in.",
  "Fair enough.",
  "Noted, thank you.",
  "Right, thanks.",
];
export const MILD_NEGATIVE = [
  "Fair enough, thanks for being straight with me.",
  "That's an honest answer, thank you.",
  "Thanks for being straight about it.",
];
export const STRONG_NEGATIVE = [
  "That sounds genuinely hard.",
  "I'm sorry it's been like that.",
  "That's a lot to deal with.",
];
