// Preloaded into a child process: its clock runs ADRAILS_TEST_SKEW_MS ahead of the machine's (Date.now
// and new Date()), as a process on a host whose clock drifted would.
const skew = Number(process.env.ADRAILS_TEST_SKEW_MS ?? 0);
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
class SkewedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(realNow() + skew);
    else super(...args);
  }
  static now() {
    return realNow() + skew;
  }
}
globalThis.Date = SkewedDate;
