/** Why the store did not record an answer or a redemption, as a sentence for the caller. */
export function refusalText(why: string): string {
  switch (why) {
    case "missing":
      return "the approval request is not recorded in the store";
    case "expired":
      return "the approval request expired";
    case "used":
      return "the approval was already used once";
    case "declined":
      return "a person declined this request, and a decline is final";
    case "payload":
      return "the payload recorded for this request differs from this call's payload (it was edited after the ask)";
    case "unanswered":
      return "nobody has answered this approval request yet";
    default:
      return why;
  }
}
