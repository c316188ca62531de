package dev.waymark.risk;

import dev.waymark.workflow.Json;
import dev.waymark.workflow.Step;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * A person's approval of exactly one step: its id and a digest of its content, so an approval cannot be carried
 * over to an edited or different step. Only the studio window and the command line create one
 * ({@link #byPerson}, checked by an architecture test); it has no public constructor and no JSON form, so no
 * message from a page, the extension, a decision program or a model can produce one.
 */
public final class Approval {
  /** Where the person approved: the studio window, the terminal, or the extension's side panel in Chrome. */
  public enum Channel {
    UI("studio"), CLI("terminal"), CHROME("chrome");

    private final String journalName;

    Channel(String journalName) {
      this.journalName = journalName;
    }

    /** The name the journal records the answer under ({@code answered_by}). */
    public String journalName() {
      return journalName;
    }
  }

  private final String stepId;
  private final String digest;
  private final Channel channel;
  private final Instant at;

  private Approval(String stepId, String digest, Channel channel, Instant at) {
    this.stepId = stepId;
    this.digest = digest;
    this.channel = channel;
    this.at = at;
  }

  /** The person approved this step, as shown to them, through this channel. Call only from ui and cli code. */
  public static Approval byPerson(Step step, Channel channel) {
    if (step == null) throw new IllegalArgumentException("an approval is of one step");
    if (channel == null) throw new IllegalArgumentException("an approval says where the person gave it");
    return new Approval(step.id(), digest(step), channel, Instant.now());
  }

  /** Whether this approval is of this very step: same id, same content. */
  public boolean covers(Step step) {
    return step != null && java.util.Objects.equals(stepId, step.id()) && digest.equals(digest(step));
  }

  public String stepId() {
    return stepId;
  }

  public Channel channel() {
    return channel;
  }

  public Instant at() {
    return at;
  }

  private static String digest(Step step) {
    // Provenance is who decided and why; what is approved is what would run.
    String json = Json.write(step.withProvenance(null));
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  @Override
  public String toString() {
    return "Approval[step=" + stepId + ", by person via " + channel + " at " + at + "]";
  }
}
