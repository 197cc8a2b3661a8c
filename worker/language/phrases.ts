/**
 * Cue phrases for the strain, rest, leaving and recovery signals that chat answers give in
 * a few words ("up past midnight", "took friday off but spent it on calls", "final round at
 * another company", "IT fixed it"). The lexicon (lexicon.ts) reads them with its own
 * idioms; this file only holds the data and the types they share.
 *
 * Time words are normalised first (lexicon.ts `normalise`): a late or early hour
 * ("11pm", "2am", "midnight") is the token `latehour`, a working week of 50 hours or more
 * `longweeks`, a working day of 10 hours or more `longdays`.
 */

/** What an answer can say about a pillar, beyond good or bad. */
export type Signal =
  | "confidence_low"
  | "confidence_high"
  | "stress_high"
  | "stress_low"
  | "flight_risk"
  | "win"
  | "disengaged"
  | "support_positive"
  | "support_negative";

/**
 * A signal cue found in a segment, negation already applied. `context` says what the
 * segment must be about for the cue to count: "quota" (the number, the quarter, the
 * pipeline) or "deal" (that, or a deal closing): "I'm not sure" about lunch is not doubt
 * about the quarter.
 */
export type Mark = { signal: Signal; context?: "quota" | "deal" };

export type Cue = {
  valence: number;
  negated?: number;
  fixed?: boolean;
  mark?: Mark;
  negatedMark?: Mark | null;
  /** A guess about the outcome ("not sure", "fingers crossed") rather than a fact about it. */
  hedge?: boolean;
  /** A feeling that is not strain ("tired of", "sick of": fed up, not worn out): moods.ts. */
  kind?: "irritation" | "anger" | "flat";
};

const STRAIN: Mark = { signal: "stress_high" };
const LEAVING: Mark = { signal: "flight_risk" };

export const STRAIN_PHRASES: [string, Cue][] = [
  // Hours: the normalised tokens, and hours said in words.
  ["latehour|latehours", { valence: -2, mark: STRAIN }],
  ["longweeks|longdays", { valence: -2.5, mark: STRAIN }],
  ["up|online|working|awake|still till|until|past|at? latehour", { valence: -2.5, mark: STRAIN }],
  ["every|most|all weekend|weekends|saturday|saturdays|sunday|sundays", { valence: -2, mark: STRAIN }],
  ["work|working|worked most|every|all|the weekend|weekends", { valence: -2, mark: STRAIN }],
  [
    "work|working|worked the? last|past two|three|four|five|few|several|couple weekends|nights",
    { valence: -2, mark: STRAIN },
  ],
  // Doing more than one job: "the work of two people".
  ["work|job|jobs of two|three|2|3 people|reps|roles", { valence: -2.5, mark: STRAIN }],
  ["weekends are just more work|emails|calls", { valence: -2, mark: STRAIN }],
  ["from|on the road", { valence: -1, mark: STRAIN }],
  ["jet lagged|lag", { valence: -2, mark: STRAIN }],
  // Sleep.
  [
    "barely|hardly|not|never|can't|cant|cannot|don't|dont sleeping|sleep|slept",
    { valence: -2.5, fixed: true, mark: STRAIN },
  ],
  ["haven't|havent|hasn't|not slept|sleep properly|well|at? in|for", { valence: -2.5, fixed: true, mark: STRAIN }],
  ["no|zero|little sleep", { valence: -2.5, fixed: true, mark: STRAIN }],
  ["sleep is|has been wrecked|shot|broken|terrible|awful|bad|gone", { valence: -2.5, fixed: true, mark: STRAIN }],
  ["insomnia", { valence: -2.5, mark: STRAIN }],
  // Rest that was not rest, and rest put off.
  [
    "haven't|havent|hasn't|not had|taken|took a? real|proper|single? day|days|weekend|week|break|holiday|vacation|pto|lunch",
    { valence: -2.5, fixed: true, mark: STRAIN },
  ],
  ["no vacation|holiday|break|weekend|weekends|pto", { valence: -2.5, fixed: true, mark: STRAIN }],
  ["haven't|havent|hasn't|not had|taken|took time off", { valence: -2.5, fixed: true, mark: STRAIN }],
  [
    "spent|spend|spending it|them|the|my? day|weekend|evening|evenings|holiday|vacation|friday|saturday|sunday? on|doing calls|emails|email|work|slack",
    { valence: -2.5, fixed: true, mark: STRAIN },
  ],
  ["worked|working|answered|answering through|on it|my day off|holiday|vacation", { valence: -2.5, mark: STRAIN }],
  [
    "i'll|will|gonna recover|rest|recharge|sleep|crash over|after|during|at|when|in",
    { valence: -2, fixed: true, mark: STRAIN },
  ],
  // The body and the nerves.
  ["shattered|fried|frazzled|wiped|knackered|spent|cooked|toast|zonked|wrecked", { valence: -2.5, mark: STRAIN }],
  ["dead on my|our feet", { valence: -2.5, mark: STRAIN }],
  ["never not working|busy|on|online", { valence: -2.5, fixed: true, mark: STRAIN }],
  ["skipping|skip|skipped|skipped sleep|meals|lunch|lunches|breaks", { valence: -2.5, fixed: true, mark: STRAIN }],
  // Work where rest should be: "checking email in bed", "on my phone at dinner", "dreaming about deals".
  ["email|emails|slack|phone|laptop in|at|during bed|dinner|dinners", { valence: -2, mark: STRAIN }],
  ["dreaming|dream|dreams about deals|work|quota|pipeline", { valence: -2, mark: STRAIN }],
  ["working|worked|work through a? fever|flu|covid|illness|migraine", { valence: -2.5, mark: STRAIN }],
  // "Busy? That's one word for it": an understatement of the load.
  ["one word for it", { valence: -1.5, fixed: true }],
  ["understatement", { valence: -1.5, fixed: true }],
  ["panic attacks|attack", { valence: -3, mark: STRAIN }],
  ["on edge", { valence: -2, mark: STRAIN }],
  ["in knots", { valence: -2, mark: STRAIN }],
  ["feel|feeling sick", { valence: -2.5, mark: STRAIN }],
  ["blood pressure", { valence: -2.5, mark: STRAIN }],
  ["by a thread", { valence: -3, mark: STRAIN }],
  ["hanging on", { valence: -2, mark: STRAIN }],
  ["cried|crying", { valence: -3, mark: STRAIN }],
  ["can't|cant|cannot|never switch|switching off", { valence: -2, fixed: true, mark: STRAIN }],
  ["anxious all the time", { valence: -3, fixed: true, mark: STRAIN }],
  // Strain denied only half-way: "not burned out exactly", "not burned out yet".
  ["not|never burned|burnt out exactly|yet|technically|really", { valence: -1, fixed: true, mark: STRAIN }],
];

const DOUBT: Mark = { signal: "confidence_low", context: "deal" };

/** Doubt about the number in chat words: "dunno", "not gonna happen", "no way I hit it". */
export const DOUBT_PHRASES: [string, Cue][] = [
  ["dunno|idk|unsure", { hedge: true, valence: -1.5, fixed: true, mark: DOUBT }],
  ["no clue", { hedge: true, valence: -1.5, fixed: true, mark: DOUBT }],
  ["who knows", { hedge: true, valence: -1.5, fixed: true, mark: DOUBT }],
  ["not|never gonna|going to? happen", { valence: -3, fixed: true, mark: { signal: "confidence_low" } }],
  ["no way i|we|it", { valence: -3, fixed: true, mark: DOUBT }],
  ["not|isn't|isnt realistic|achievable|doable", { valence: -2.5, fixed: true, mark: DOUBT }],
  ["long shot", { valence: -2, fixed: true, mark: DOUBT }],
  ["need|needs|would|take|takes a miracle", { valence: -2.5, fixed: true, mark: DOUBT }],
  ["hail mary", { valence: -2, fixed: true, mark: DOUBT }],
  ["everything to go right|perfectly", { valence: -1.5, fixed: true, mark: DOUBT }],
  [
    "comfortable|comfortably",
    { valence: 2, negated: -1.5, mark: { signal: "confidence_high", context: "quota" }, negatedMark: DOUBT },
  ],
  [
    "comfortably beat|hit|make|clear|exceed|over|ahead",
    { valence: 2.5, mark: { signal: "confidence_high", context: "quota" } },
  ],
  ["sandbagging|sandbag|sandbagged", { valence: 1.5, mark: { signal: "confidence_high", context: "quota" } }],
  ["more than enough", { valence: 2, fixed: true }],
  ["gonna|going to? be short|behind", { valence: -2.5, fixed: true, mark: { signal: "confidence_low" } }],
  ["not gonna|going to? make|hit it|quota|my|the", { valence: -2.5, fixed: true, mark: DOUBT }],
  ["basically|pretty|totally empty", { valence: -2, mark: DOUBT }],
  [
    "smash|crush|nail|smashed|crushed|nailed|smashing|nailing it|the?",
    { valence: 2.5, mark: { signal: "confidence_high", context: "quota" } },
  ],
  ["lost a|the|our|two|three|my? renewal|renewals|deal|deals|account|accounts", { valence: -2.5, fixed: true }],
  ["customer success", { valence: 0, fixed: true }],
];

export const LEAVING_PHRASES: [string, Cue][] = [
  ["recruiter|recruiters calls|call|calling|reached|reaching", { valence: -2.5, mark: LEAVING }],
  ["taking|take|took recruiter|recruiters", { valence: -2.5, mark: LEAVING }],
  ["final|second|third|last round", { valence: -3, mark: LEAVING }],
  ["interview|interviews|interviewing at|with|for|elsewhere", { valence: -3, mark: LEAVING }],
  ["handing|hand|handed|put|putting in my? notice", { valence: -3, mark: LEAVING }],
  ["done with this|the place|company|job|team|role", { valence: -3, fixed: true, mark: LEAVING }],
  ["another|other company|companies|offer", { valence: -1.5, mark: LEAVING }],
  ["offer on the table", { valence: -2.5, mark: LEAVING }],
  [
    "got|have|had|received|getting|considering|weighing an|a|another|their|the job? offer",
    { valence: -2.5, mark: LEAVING },
  ],
  ["tempted by an|a|another|their|the job? offer", { valence: -2.5, mark: LEAVING }],
  ["future here", { valence: 1, negated: -3, negatedMark: LEAVING }],
  // Doubting they'll stay: "on the fence about whether I'll still be here", "don't see myself growing here".
  ["see myself here|staying|growing|long", { valence: 0.5, negated: -2.5, negatedMark: LEAVING }],
  ["i'll|ill|i'd|i will|i would still be here", { valence: -1.5, fixed: true }],
  ["on the fence", { valence: -1.5, fixed: true, hedge: true }],
  ["no clear|real? path|way up|forward", { valence: -2.5, fixed: true }],
  ["no|zero future|growth|promotion|path", { valence: -2.5, fixed: true }],
  ["passed over", { valence: -2.5 }],
  ["gave|given|giving the|my role|job|promotion|position to someone|somebody", { valence: -2.5, fixed: true }],
  ["doesn't|doesnt|won't|wont get you|me anywhere", { valence: -2, fixed: true }],
  ["don't|dont|doesn't|doesnt really? matter|care", { valence: -2, fixed: true }],
  ["it's|its just a job", { valence: -1.5, fixed: true, mark: { signal: "disengaged" } }],
  ["it's|its a job", { valence: -1.5, fixed: true, mark: { signal: "disengaged" } }],
];

const DISENGAGED: Mark = { signal: "disengaged" };
const WIN: Mark = { signal: "win" };

/**
 * Having stopped caring (quiet quitting: not leaving, not strained, the job no longer
 * matters), wins said in other words, and chat idioms whose words mislead one by one.
 */
export const TURN_PHRASES: [string, Cue][] = [
  [
    "don't|dont|doesn't|doesnt|do|does really? not? care|enjoy|like|love about? any? of? it|this|the|my? job|work|selling? anymore|nowadays",
    { valence: -2.5, fixed: true, mark: DISENGAGED },
  ],
  ["don't|dont really? care much|whatsoever", { valence: -2.5, fixed: true, mark: DISENGAGED }],
  ["not that|really|as? into it|this|sales|selling|the job? anymore", { valence: -2.5, fixed: true, mark: DISENGAGED }],
  ["no longer care|enjoy|bothered|motivated|into", { valence: -2.5, fixed: true, mark: DISENGAGED }],
  ["not bothered|fussed anymore", { valence: -2, fixed: true, mark: DISENGAGED }],
  ["stopped|stop caring|trying", { valence: -2.5, fixed: true, mark: DISENGAGED }],
  ["checked|checking out", { valence: -2.5, mark: DISENGAGED }],
  ["so|just|completely|totally|honestly over it", { valence: -2.5, fixed: true, mark: DISENGAGED }],
  ["who cares", { valence: -1.5, fixed: true, mark: DISENGAGED }],
  ["going through the motions", { valence: -2, fixed: true, mark: DISENGAGED }],
  ["doing|do the bare? minimum", { valence: -2, fixed: true, mark: DISENGAGED }],
  ["already|well|way over|above|past|beyond", { valence: 2, mark: { signal: "confidence_high", context: "quota" } }],
  ["no point|use", { valence: -2, fixed: true }],
  ["no revenue|money|commission|budget", { valence: -2, fixed: true }],
  // What is missing to sell with: "no leads, no sdr, no marketing", "nothing to sell into".
  [
    "no leads|sdr|sdrs|marketing|pipeline|headcount|resources|enablement|training|backup|cover",
    { valence: -2, fixed: true },
  ],
  ["nothing to work|sell|close|chase|call", { valence: -2, fixed: true }],
  ["too expensive|pricey", { valence: -2, fixed: true }],
  ["losing every|most|all", { valence: -2, fixed: true }],
  ["keeps|keep|kept erroring|crashing|breaking|failing|freezing", { valence: -2, fixed: true }],
  // "Feeling pretty low": the mood, not an amount ("low stress" is read by the strain rule).
  ["pretty|really|feeling|bit|so|very|quite low", { valence: -2, kind: "flat" }],
  ["can't|cant|cannot even", { valence: -1.5, fixed: true }],
  // A wish says what is missing: "would be nice to get some coaching, not getting any".
  ["would be nice|good|great|helpful", { valence: -0.3, fixed: true }],
  ["not getting any|enough", { valence: -1, fixed: true }],
  ["tight process|ship|discovery|pitch|game", { valence: 1.5, fixed: true }],
  // Getting better at the job is strength: "coaching made me better at my own calls", "a lot sharper".
  [
    "made|making|got|gotten|getting|become|becoming me? a? lot|much|way|so? better|sharper|stronger|tighter",
    { valence: 4.5, fixed: true },
  ],
  [
    "blew|blown|blowing|sailed|flew past|through|by my|the|our number|quota|target",
    { valence: 3, mark: { signal: "confidence_high" } },
  ],
  // The day job and nothing more: "it's just the day job", "enough to stay off the radar".
  ["just the|a day job", { valence: -1.5, fixed: true, mark: DISENGAGED }],
  ["just a paycheck|paycheque", { valence: -1.5, fixed: true, mark: DISENGAGED }],
  ["off|under the radar", { valence: -1, fixed: true, mark: DISENGAGED }],
  // Accounts taken away: "they gave my best accounts to the new guy".
  [
    "gave|given|handed|moved|took|taken|reassigned my|our best|biggest|top? accounts|account|territory|patch|book",
    { valence: -2.5, fixed: true },
  ],
  ["no warning|notice", { valence: -2, fixed: true }],
  ["no heads up", { valence: -2, fixed: true }],
  [
    "look|looks|looking|look shaky|wobbly|dicey|iffy|shaky",
    { valence: -2, mark: { signal: "confidence_low", context: "deal" } },
  ],
  ["not happening", { valence: -2.5, fixed: true, mark: { signal: "confidence_low", context: "deal" } }],
  // Wins in other words ("beat the incumbent", "huge win"); "the reorg landed" is none.
  ["beat|beaten|beating the|our? incumbent|competitor|competition", { valence: 2.5, mark: WIN }],
  ["huge|big|massive|nice|great win", { valence: 2.5, mark: WIN }],
  ["record quarter|month|year", { valence: 3, mark: WIN }],
  ["new logo|logos", { valence: 2, mark: WIN }],
  [
    "landed a|an|the|two|three|four|my|our|it|that|another|them|deal|deals|account|logo",
    { valence: 2, negated: -1, mark: WIN, negatedMark: null },
  ],
  // Insisting is not reassuring: "fine. totally fine".
  ["totally|perfectly|absolutely|completely fine|good|ok|okay", { valence: 0, fixed: true }],
  ["nothing crazy|major|dramatic|special|big|much", { valence: 0.5, fixed: true }],
  ["not too|that|overly stressed|stressful", { valence: 0.8, fixed: true }],
  // Coping, not rest: "manageable" is no sign of slack, "unmanageable" is one of strain.
  ["very|super|totally|really|completely|easily|perfectly manageable", { valence: 2, mark: { signal: "stress_low" } }],
  ["manageable", { valence: 1, negated: -1.5, negatedMark: { signal: "stress_high" } }],
  ["good|right kind? of? busy|pressure|stress", { valence: 1, fixed: true }],
  ["in a good way", { valence: 0.8, fixed: true }],
  ["the fun|good kind", { valence: 0.8, fixed: true }],
  // Things owed and nobody answering: "commission is 2 months late", "finance doesn't answer emails".
  ["days|weeks|months late", { valence: -2, fixed: true }],
  ["doesn't|doesnt|don't|dont|never answer|answers|respond|responds|reply|replies", { valence: -2, fixed: true }],
  ["nothing happens|changes", { valence: -1.5, fixed: true }],
  ["nobody owns it|this", { valence: -1.5, fixed: true }],
  ["no one owns it|this", { valence: -1.5, fixed: true }],
  ["eating|eats at me", { valence: -2, fixed: true }],
  ["no response|reply|replies|answer", { valence: -2, fixed: true }],
  ["sit|sits|sitting|sat there? for a|several? week|weeks|days|months", { valence: -2, fixed: true }],
  ["took|takes|taking|stole|steals|stealing credit", { valence: -2.5, fixed: true }],
  ["in over my|our head", { valence: -2.5, fixed: true }],
  ["out of my|our depth", { valence: -2.5, fixed: true }],
  // Fed up, not worn out: "tired of the churn in tools".
  ["tired|sick of", { valence: -2, fixed: true, kind: "irritation" }],
  // Time lost to something: "10 hours a week gone", "2 hours a day to actually sell".
  ["hours|hour|day|days|week|weeks|time gone|lost|wasted|eaten", { valence: -2, fixed: true }],
  ["actually sell|selling|prospect|prospecting", { valence: -1, fixed: true }],
  ["budget|hiring freeze|freezes|frozen|cuts", { valence: -2, fixed: true }],
  ["fed up", { valence: -2, fixed: true, kind: "irritation" }],
  ["time sink|suck|drain|waster", { valence: -2.5 }],
  ["blast|ball", { valence: 2.5 }],
  ["fantasy|fiction|delusional", { valence: -2, fixed: true }],
  ["pipe dream", { valence: -2, fixed: true }],
  ["fairy tale", { valence: -2, fixed: true }],
  ["the good|right kind of busy|pressure|stress", { valence: 1, fixed: true }],
  // Missing people is fondness, not a problem with them.
  ["miss|missed|missing the|my|our|this? old? team|people|everyone|colleagues|crew", { valence: 0.5, fixed: true }],
  ["long stretch|week|weeks|month|haul", { valence: -1.5 }],
  // Sleep in figures and words: "4 hours sleep" is the token `shortsleep` (chat.ts).
  ["shortsleep", { valence: -2.5, mark: STRAIN }],
  ["sleep deprived|deprivation", { valence: -2.5, mark: STRAIN }],
  ["zombie|zombies", { valence: -2.5, mark: STRAIN }],
];

/** Words that say a problem is over: "IT fixed it", "it's done and way better now". */
export const RESOLVED_CUES = [
  "fixed",
  "sorted",
  "solved",
  "resolved",
  "used to",
  "no longer",
  "not anymore",
  "not any more",
  "better now",
  "it's done",
  "its done",
  "was a pain",
  "was a mess",
  "was a nightmare",
  "finally",
  // Someone else's problem: "other reps moan about the CRM but it doesn't bother me".
  "doesn't bother me",
  "doesnt bother me",
  "does not bother me",
  "not an issue for me",
  "not a problem for me",
] as const;
