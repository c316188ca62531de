package dev.waymark.observe;

/**
 * The page as one reply or prompt carries it: the whole page in compact form, or a delta since the generation the
 * reader names ({@code delta} true, {@code since} that generation). {@code note} says why a reader who asked for a
 * delta got the whole page (null when it got what it asked for, or did not ask).
 */
public record PageText(String text, boolean delta, long since, String note) {

  /** The whole page. */
  public static PageText full(PageObservation page, String note) {
    return new PageText(CompactObservation.render(page), false, 0, note);
  }

  /**
   * The delta from {@code before} (sent at generation {@code since}) to {@code after}, both in one ref space, when
   * a delta can say it and says it in fewer tokens than the whole page; the whole page otherwise, with why.
   */
  public static PageText since(long since, PageObservation before, PageObservation after) {
    PageDelta d = PageDelta.between(since, before, after);
    String delta = d.render();
    if (delta == null) return full(after, "the whole page: " + d.fullBecause() + " since generation " + since);
    String whole = CompactObservation.render(after);
    if (CompactObservation.estimateTokens(delta) >= CompactObservation.estimateTokens(whole)) {
      return new PageText(whole, false, 0, "the whole page: it is no longer than the changes since generation " + since);
    }
    return new PageText(delta, true, since, null);
  }

  /** How the reader is told which it got: {@code page: delta since generation 3} or {@code page: whole}. */
  public String describe() {
    return delta ? "page: delta since generation " + since : "page: whole" + (note == null ? "" : " (" + note + ")");
  }
}
