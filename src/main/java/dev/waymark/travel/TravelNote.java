package dev.waymark.travel;

/**
 * One step a conversion could not carry over as it is: {@code where} names it ("step 3 \"s3\"" for a workflow step,
 * "steps[4]" for a flow's), {@code type} is its type, {@code line} its line in the source (0 when unknown), and
 * {@code message} says what was done instead. Nothing is dropped without one of these.
 */
public record TravelNote(Kind kind, String where, String type, int line, String message) {

  /** How much of the step the other format holds. */
  public enum Kind {
    /** Kept only as a marker (a comment, a fixme, a customStep): the other format cannot perform it. */
    NOT_TRANSLATED("not translated"),
    /** Performed, but not in every way Waymark would (a part is left out or approximated). */
    PARTLY("partly translated"),
    /** The step uses a {@code {{ token }}} whose value the output does not hold. */
    NEEDS_VALUE("needs a value"),
    /** A flow step with no workflow step for it (import). */
    NOT_MAPPED("not mapped");

    private final String words;

    Kind(String words) {
      this.words = words;
    }

    public String words() {
      return words;
    }
  }

  @Override
  public String toString() {
    return where + " (" + type + ")" + (line > 0 ? " at line " + line : "") + ": " + kind.words() + ": " + message;
  }
}
