package dev.waymark.apply;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import dev.waymark.observe.CompactObservation;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;
import java.util.regex.Pattern;

/**
 * The spec's {@code last_observation}: the page as it read on the previous turn, in whatever form the caller
 * kept it, compared with the page of this turn. A caller may hand back Waymark's own digest (an earlier
 * output's {@code last_observation}), the {@link PageObservation} JSON it read, or the compact text a model
 * read. Refs are renumbered on every read, so they never make two reads of one page differ.
 */
public final class LastObservation {
  /** The prefix of {@link ObservationDigest} strings. */
  static final String DIGEST_PREFIX = "v1:";
  // A control or list ref as the compact form prints it ("e12", "l3"), standing alone.
  private static final Pattern REF = Pattern.compile("(?<![\\w-])[el]\\d{1,6}(?![\\w-])");
  private static final Pattern SPACE = Pattern.compile("\\s+");

  private LastObservation() {}

  /** How {@code given} was read: a digest, observation JSON, compact text, or nothing comparable. */
  public enum Form { NONE, DIGEST, JSON, COMPACT }

  /** The form of a last_observation value. */
  public static Form formOf(String given) {
    if (given == null || given.isBlank()) return Form.NONE;
    String s = given.strip();
    if (s.startsWith(DIGEST_PREFIX) && s.indexOf('\n') < 0) return Form.DIGEST;
    if (s.startsWith("{")) return parse(s) != null ? Form.JSON : Form.COMPACT;
    return Form.COMPACT;
  }

  /**
   * Whether the page {@code now} reads as {@code given} did: true when nothing a person would see changed.
   * False when either side is missing or {@code given} is not a reading of a page.
   */
  public static boolean unchanged(String given, PageObservation now) {
    if (now == null || given == null || given.isBlank()) return false;
    String s = given.strip();
    if (s.startsWith(DIGEST_PREFIX) && s.indexOf('\n') < 0) return s.equals(ObservationDigest.of(now));
    // One parse: a caller's observation JSON can be large, and this runs every turn.
    PageObservation read = s.startsWith("{") ? parse(s) : null;
    if (read != null) return ObservationDigest.of(now).equals(ObservationDigest.of(read));
    return normalized(given).equals(normalized(CompactObservation.render(now)));
  }

  private static PageObservation parse(String json) {
    try {
      // A caller's copy may carry fields of another extension version: what is known is compared.
      return Json.mapper().readerFor(PageObservation.class)
          .without(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).readValue(json);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return null;
    }
  }

  private static String normalized(String compact) {
    return SPACE.matcher(REF.matcher(compact).replaceAll("#")).replaceAll(" ").strip();
  }
}
