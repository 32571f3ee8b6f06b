// What users ask for, in their own words, and the tools a request needs. None of them names a tool
// it needs. Written for the selection bench (bench/tool-selection.ts), together with the first
// user turn of every eval conversation.

/** One request and the tools it needs. */
export interface Phrasing {
  text: string;
  needs: readonly string[];
}

export const PHRASINGS: readonly Phrasing[] = [
  // A: account reads
  { text: "Which ad accounts can I manage with this key?", needs: ["list-accounts"] },
  { text: "Show me the accounts I have access to and their currencies", needs: ["list-accounts"] },
  { text: "How much did we spend last month and what was our cost per lead?", needs: ["results"] },
  { text: "Break down yesterday's performance by campaign", needs: ["results"] },
  { text: "What was the CTR and CPM per ad set over the last 30 days?", needs: ["results"] },
  { text: "Is my ad account in good shape overall?", needs: ["health"] },
  { text: "Give me a score for how well the account is structured and delivering", needs: ["health"] },
  { text: "What do my best performing ads have in common?", needs: ["winner-insights"] },
  { text: "Find the patterns behind our top ads: formats, angles, traits", needs: ["winner-insights"] },
  { text: "Are any of my ads getting stale with people seeing them too often?", needs: ["fatigue-alerts"] },
  { text: "Flag ads whose frequency keeps rising while click-through drops", needs: ["fatigue-alerts"] },
  // B: calculators and skills
  { text: "What is a normal CPM and CTR for the fitness industry?", needs: ["benchmarks"] },
  { text: "Which industry niches do you have reference numbers for?", needs: ["benchmarks"] },
  {
    text: "Is a $22 cost per lead good or bad for real estate versus the industry?",
    needs: ["compare"],
  },
  {
    text: "Am I ahead or behind the industry average with a 1.4% click-through rate in ecommerce?",
    needs: ["compare"],
  },
  {
    text: "Frequency is 4.1, the ad has run 20 days, CTR went 2.0, 1.6, 1.1. Is the creative worn out?",
    needs: ["fatigue"],
  },
  { text: "Judge whether this creative is burning out from its frequency and CTR trend", needs: ["fatigue"] },
  { text: "What playbooks or expert guides do you have?", needs: ["list-skills"] },
  { text: "Show me the list of expert skills available", needs: ["list-skills"] },
  { text: "Read me the full decision rules of the scaling playbook", needs: ["get-skill"] },
  { text: "Open the budget pacing skill and give me its thresholds", needs: ["get-skill"] },
  // C: creative generation and publishing
  { text: "Write primary texts and headlines for my landing page, objective leads", needs: ["ad-copy"] },
  { text: "Draft some ad text for a vegan protein bar, urgent tone, to drive purchases", needs: ["ad-copy"] },
  { text: "Give me scroll-stopping opening lines for our meditation app", needs: ["hooks"] },
  {
    text: "Come up with attention-grabbing first lines for a video about our running shoes",
    needs: ["hooks"],
  },
  { text: "Store these three product photos in my image library", needs: ["save-creative"] },
  { text: "Upload this picture to the creative library without publishing it", needs: ["save-creative"] },
  {
    text: "Create a new ad in the retargeting ad set with this image and link to our shop",
    needs: ["push-creative"],
  },
  {
    text: "Publish this video as an ad to the lookalike audience ad set, live now",
    needs: ["push-creative"],
  },
  {
    text: "Put this creative into ad set 2384 as a paused ad pointing to our lead form",
    needs: ["push-creative"],
  },
  { text: "Build a brand profile from our website: voice, colors, claims", needs: ["creative-dna"] },
  { text: "Learn our brand's visual signature and palette from acme.example.com", needs: ["creative-dna"] },
  { text: "Break down why ad 6021 works and turn it into a reusable brief", needs: ["analyze-winning-ad"] },
  {
    text: "Analyze our best ad's hook, angle and offer framing so we can reuse it",
    needs: ["analyze-winning-ad"],
  },
  { text: "Make 12 image ads straight from this product page", needs: ["url-to-ads"] },
  { text: "Generate ads from my landing page link with pain and social proof angles", needs: ["url-to-ads"] },
  { text: "Make more variations of our top performing ad", needs: ["multiply-winner"] },
  { text: "Clone the winning image into 15 new versions in 9:16", needs: ["multiply-winner"] },
  {
    text: "Look at what Nike is running right now and make us ads inspired by them",
    needs: ["competitor-creatives"],
  },
  {
    text: "Read a rival brand's live ads from the public ad library and generate creatives",
    needs: ["competitor-creatives"],
  },
  {
    text: "Generate one creative for every combination of these angles, hooks and visual styles",
    needs: ["creative-matrix"],
  },
  { text: "Create a grid of creatives: 3 angles times 3 hooks times 2 styles", needs: ["creative-matrix"] },
  {
    text: "Stage a batch of fresh creatives paused for review and report each step's outcome",
    needs: ["creative-loop"],
  },
  {
    text: "Run the legacy staging workflow that prepares new creatives for my review",
    needs: ["creative-loop"],
  },
  // D: connected sources
  {
    text: "Which CRM and analytics tools are connected, and how fresh is their data?",
    needs: ["integrations-list-connections"],
  },
  { text: "List my data source integrations", needs: ["integrations-list-connections"] },
  {
    text: "Is the HubSpot connection healthy and what permissions does it have?",
    needs: ["integrations-get-status"],
  },
  { text: "Check the sync status and freshness of connection conn_42", needs: ["integrations-get-status"] },
  {
    text: "Build a pipeline report from my two CRM connections",
    needs: ["integrations-intelligence-report"],
  },
  {
    text: "How is our sales pipeline doing across the imported CRMs?",
    needs: ["integrations-intelligence-report"],
  },
  { text: "Pull the deal records from the CRM that came from paid social", needs: ["integrations-query"] },
  { text: "Run an analytics report of sessions by device for March", needs: ["integrations-query"] },
  { text: "Describe the fields available on CRM contacts", needs: ["integrations-query"] },
  // E: briefs, generation, experiments
  { text: "Approve version v3 of the creative brief", needs: ["approve-creative-brief"] },
  { text: "Sign off on the brief so we can start generating media", needs: ["approve-creative-brief"] },
  {
    text: "The generated image looks great, mark it as approved by the reviewer",
    needs: ["approve-generation-artifact"],
  },
  { text: "Record that the reviewer accepted artifact art_9", needs: ["approve-generation-artifact"] },
  { text: "That generated video is off-brand, reject it", needs: ["reject-generation-artifact"] },
  {
    text: "Record the reviewer's rejection of the generated artifact with a reason",
    needs: ["reject-generation-artifact"],
  },
  {
    text: "Approve the test plan preview we just looked at for preparation",
    needs: ["approve-meta-test-plan"],
  },
  {
    text: "OK the exact plan preview with its hash and token, without launching anything",
    needs: ["approve-meta-test-plan"],
  },
  {
    text: "Do we have enough evidence from the control and variant to call the experiment?",
    needs: ["assess-experiment"],
  },
  { text: "Is experiment exp_7 conclusive yet, and what is still missing?", needs: ["assess-experiment"] },
  { text: "Write a creative brief from the evidence and approved claims", needs: ["create-creative-brief"] },
  {
    text: "Start a new versioned brief with a hypothesis, storyboard and video script",
    needs: ["create-creative-brief"],
  },
  {
    text: "Register an A/B test of the new video against the current control ad",
    needs: ["create-experiment"],
  },
  { text: "Set up a control versus variant test measuring cost per lead", needs: ["create-experiment"] },
  { text: "Change the hypothesis in brief version v2", needs: ["edit-creative-brief"] },
  { text: "Patch the storyboard field of that brief version", needs: ["edit-creative-brief"] },
  { text: "Produce a video package from the approved brief", needs: ["generate-from-brief"] },
  { text: "Generate images based on brief version v4", needs: ["generate-from-brief"] },
  { text: "Is the generation run finished yet?", needs: ["generation-status"] },
  { text: "Check the status of run run_123", needs: ["generation-status"] },
  { text: "Show me brief version v5 and the evidence it cites", needs: ["get-creative-brief"] },
  { text: "Open the creative brief so I can read it", needs: ["get-creative-brief"] },
  { text: "What have we learned from our past experiments?", needs: ["list-learning"] },
  { text: "List the experiments, results and learning candidates on this account", needs: ["list-learning"] },
  {
    text: "Preview a Meta test plan with budget, allocation and kill rule, without spending",
    needs: ["preview-meta-test-plan"],
  },
  {
    text: "Draft the plan for testing two creatives with a success rule and dates",
    needs: ["preview-meta-test-plan"],
  },
  {
    text: "Save the lesson from this experiment as a learning for the team to review",
    needs: ["propose-learning-memory"],
  },
  {
    text: "Propose that UGC beats studio shots as a takeaway, with the rationale",
    needs: ["propose-learning-memory"],
  },
  {
    text: "Log the variant's measured spend, events and sample size for the experiment",
    needs: ["record-experiment-result"],
  },
  {
    text: "Record the control side's numbers: 12,000 impressions and 84 conversions",
    needs: ["record-experiment-result"],
  },
  {
    text: "Note our interpretation of the test results: the hook drove the lift",
    needs: ["record-result-interpretation"],
  },
  {
    text: "Add an explanation of what the experiment outcome means",
    needs: ["record-result-interpretation"],
  },
  { text: "The image run got interrupted, pick it up again", needs: ["resume-generation"] },
  { text: "Continue the generation job that stopped halfway", needs: ["resume-generation"] },
  { text: "Accept the proposed learning about short videos", needs: ["review-learning-memory"] },
  {
    text: "Reject the suggested takeaway, it's not supported by the data",
    needs: ["review-learning-memory"],
  },
  { text: "Withdraw approval of brief version v3", needs: ["revoke-creative-brief"] },
  { text: "Take back the sign-off on that brief, the claims changed", needs: ["revoke-creative-brief"] },
  // F: competitor monitoring
  {
    text: "Search the public ad library for 'trail shoes' in the UK and keep a copy",
    needs: ["capture-competitor-snapshot"],
  },
  { text: "Take a snapshot of Allbirds' current ads in the US", needs: ["capture-competitor-snapshot"] },
  { text: "Check this competitor source every day for changes", needs: ["create-competitor-change-routine"] },
  {
    text: "Set up a recurring watch on a rival's ads every 6 hours",
    needs: ["create-competitor-change-routine"],
  },
  { text: "Dismiss that competitor alert, it's noise", needs: ["dismiss-competitor-change-alert"] },
  { text: "Bring back the alert I hid yesterday", needs: ["dismiss-competitor-change-alert"] },
  {
    text: "What genuinely new concepts are competitors trying, with citations?",
    needs: ["find-novelty-candidates"],
  },
  {
    text: "Find fresh ideas in the latest rival snapshot that aren't duplicates",
    needs: ["find-novelty-candidates"],
  },
  { text: "Show the competitor board with saved snapshots and alerts", needs: ["list-competitor-board"] },
  { text: "List the change alerts on competitors, next page please", needs: ["list-competitor-board"] },
  { text: "Stop checking that competitor for now", needs: ["pause-competitor-change-routine"] },
  { text: "Pause the monitoring routine rt_5", needs: ["pause-competitor-change-routine"] },
  {
    text: "Update the watch with the latest run's observation and dedupe its alerts",
    needs: ["refresh-competitor-change-routine"],
  },
  {
    text: "Refresh the rival watch from run 88 with complete coverage",
    needs: ["refresh-competitor-change-routine"],
  },
  { text: "Start the paused competitor watch again", needs: ["resume-competitor-change-routine"] },
  {
    text: "Turn the monitoring routine back on at its usual cadence",
    needs: ["resume-competitor-change-routine"],
  },
  // Requests that need two tools
  {
    text: "How are my campaigns doing this week, and are any ads worn out?",
    needs: ["results", "fatigue-alerts"],
  },
  {
    text: "Write copy for our spring sale page and publish it as a paused ad",
    needs: ["ad-copy", "push-creative"],
  },
  {
    text: "Approve the brief and then generate a video from it",
    needs: ["approve-creative-brief", "generate-from-brief"],
  },
  {
    text: "Pause the competitor watch and dismiss its open alert",
    needs: ["pause-competitor-change-routine", "dismiss-competitor-change-alert"],
  },
];
