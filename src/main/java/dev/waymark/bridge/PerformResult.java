package dev.waymark.bridge;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What the extension reported after performing a step (the {@code performed} reply), or an
 * uncertain outcome made by the studio when the reply never came after the step was sent.
 *
 * @param stepId    the step's id
 * @param ok        the step did what it should
 * @param error     why not, in words for the next prompt
 * @param data      what an extract-like step read
 * @param url       the page's address afterwards
 * @param title     the page's title afterwards
 * @param skipped   the step's condition did not hold, so it did nothing
 * @param dialogs   dialogs the page opened while the step ran (a prompt accepted carries the text it answered)
 * @param downloads downloads the step triggered (blocked unless allowed)
 * @param newTabs   tabs the step opened
 * @param navigated the step moved the tab to another document
 * @param file      a captured file
 * @param uncertain the studio does not know whether the step took effect; it is never re-sent
 * @param repeated  the extension had already performed this step id and answered from its ledger
 * @param optional  the step was optional (a failure does not stop the run)
 * @param store     the slot the step's data is saved under
 * @param count     how many elements the step acted on
 * @param items     rows an extractList read
 * @param pages     pages an extractList followed
 * @param truncated an extractList stopped at its limit with more rows there
 * @param stopped   the person stopped the extractList before its end (a {@code cancel}); truncated too
 * @param elapsedMs time the extension spent on the step
 * @param effect    what the page did with the input, in words: "no visible change", "the page took the value and
 *                  cleared the field" (never a secret: the extension masks it)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PerformResult(
    @JsonProperty("step_id") String stepId,
    @JsonProperty("ok") boolean ok,
    @JsonProperty("error") String error,
    @JsonProperty("data") JsonNode data,
    @JsonProperty("url") String url,
    @JsonProperty("title") String title,
    @JsonProperty("skipped") boolean skipped,
    @JsonProperty("dialogs") List<DialogInfo> dialogs,
    @JsonProperty("downloads") List<DownloadInfo> downloads,
    @JsonProperty("new_tabs") List<TabInfo> newTabs,
    @JsonProperty("navigated") boolean navigated,
    @JsonProperty("file") CapturedFile file,
    @JsonProperty("uncertain") boolean uncertain,
    @JsonProperty("repeated") boolean repeated,
    @JsonProperty("optional") boolean optional,
    @JsonProperty("store") String store,
    @JsonProperty("count") Integer count,
    @JsonProperty("items") Integer items,
    @JsonProperty("pages") Integer pages,
    @JsonProperty("truncated") boolean truncated,
    @JsonProperty("elapsed_ms") long elapsedMs,
    @JsonProperty("effect") String effect,
    // replay's identity check found the step's target somewhere its selector no longer leads (the evidence)
    @JsonProperty("healed") dev.waymark.workflow.StepOutcome.Heal healed,
    // replay: the step's recorded effect (expect) that did not follow, in words
    @JsonProperty("missing") String missing,
    @JsonProperty("stopped") boolean stopped,
    // what clicks before this step did after their verdicts said they changed nothing
    @JsonProperty("late_effects") List<dev.waymark.workflow.StepOutcome.LateEffect> lateEffects) {

  /** A result that carries no late effects of the steps before it. */
  public PerformResult(String stepId, boolean ok, String error, JsonNode data, String url, String title, boolean skipped,
      List<DialogInfo> dialogs, List<DownloadInfo> downloads, List<TabInfo> newTabs, boolean navigated, CapturedFile file,
      boolean uncertain, boolean repeated, boolean optional, String store, Integer count, Integer items, Integer pages,
      boolean truncated, long elapsedMs, String effect, dev.waymark.workflow.StepOutcome.Heal healed, String missing,
      boolean stopped) {
    this(stepId, ok, error, data, url, title, skipped, dialogs, downloads, newTabs, navigated, file, uncertain, repeated,
        optional, store, count, items, pages, truncated, elapsedMs, effect, healed, missing, stopped, List.of());
  }

  /** A result the person did not stop. */
  public PerformResult(String stepId, boolean ok, String error, JsonNode data, String url, String title, boolean skipped,
      List<DialogInfo> dialogs, List<DownloadInfo> downloads, List<TabInfo> newTabs, boolean navigated, CapturedFile file,
      boolean uncertain, boolean repeated, boolean optional, String store, Integer count, Integer items, Integer pages,
      boolean truncated, long elapsedMs, String effect, dev.waymark.workflow.StepOutcome.Heal healed, String missing) {
    this(stepId, ok, error, data, url, title, skipped, dialogs, downloads, newTabs, navigated, file, uncertain, repeated,
        optional, store, count, items, pages, truncated, elapsedMs, effect, healed, missing, false);
  }

  /** A result of a step whose recorded effect, if any, followed. */
  public PerformResult(String stepId, boolean ok, String error, JsonNode data, String url, String title, boolean skipped,
      List<DialogInfo> dialogs, List<DownloadInfo> downloads, List<TabInfo> newTabs, boolean navigated, CapturedFile file,
      boolean uncertain, boolean repeated, boolean optional, String store, Integer count, Integer items, Integer pages,
      boolean truncated, long elapsedMs, String effect, dev.waymark.workflow.StepOutcome.Heal healed) {
    this(stepId, ok, error, data, url, title, skipped, dialogs, downloads, newTabs, navigated, file, uncertain, repeated,
        optional, store, count, items, pages, truncated, elapsedMs, effect, healed, null);
  }

  /** A result of a step that needed no heal. */
  public PerformResult(String stepId, boolean ok, String error, JsonNode data, String url, String title, boolean skipped,
      List<DialogInfo> dialogs, List<DownloadInfo> downloads, List<TabInfo> newTabs, boolean navigated, CapturedFile file,
      boolean uncertain, boolean repeated, boolean optional, String store, Integer count, Integer items, Integer pages,
      boolean truncated, long elapsedMs, String effect) {
    this(stepId, ok, error, data, url, title, skipped, dialogs, downloads, newTabs, navigated, file, uncertain, repeated,
        optional, store, count, items, pages, truncated, elapsedMs, effect, null);
  }

  /** A result without an effect note (a step that acts on nothing, or a studio-made outcome). */
  public PerformResult(String stepId, boolean ok, String error, JsonNode data, String url, String title, boolean skipped,
      List<DialogInfo> dialogs, List<DownloadInfo> downloads, List<TabInfo> newTabs, boolean navigated, CapturedFile file,
      boolean uncertain, boolean repeated, boolean optional, String store, Integer count, Integer items, Integer pages,
      boolean truncated, long elapsedMs) {
    this(stepId, ok, error, data, url, title, skipped, dialogs, downloads, newTabs, navigated, file, uncertain, repeated,
        optional, store, count, items, pages, truncated, elapsedMs, null);
  }

  public PerformResult {
    dialogs = dialogs == null ? List.of() : List.copyOf(dialogs);
    downloads = downloads == null ? List.of() : List.copyOf(downloads);
    newTabs = newTabs == null ? List.of() : List.copyOf(newTabs);
    lateEffects = lateEffects == null ? List.of() : List.copyOf(lateEffects);
  }

  /** An outcome the studio records when it cannot know whether the step happened. */
  public static PerformResult uncertain(String stepId, String why) {
    return new PerformResult(stepId, false, why, null, null, null, false, null, null, null, false, null, true, false, false, null, null, null, null, false, 0);
  }

  /** A failure the studio knows happened before the step reached the page. */
  public static PerformResult notPerformed(String stepId, String why) {
    return new PerformResult(stepId, false, why, null, null, null, false, null, null, null, false, null, false, false, false, null, null, null, null, false, 0);
  }

  /** The same result under another step id (the reply of a status request carries none). */
  public PerformResult withStepId(String id) {
    return new PerformResult(id, ok, error, data, url, title, skipped, dialogs, downloads, newTabs, navigated, file,
        uncertain, repeated, optional, store, count, items, pages, truncated, elapsedMs, effect, healed, missing, stopped,
        lateEffects);
  }

  /** A dialog the page opened; {@code beforeStep}: answered before the step began (decision 0076). */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record DialogInfo(@JsonProperty("kind") String kind, @JsonProperty("message") String message,
               @JsonProperty("handled") String handled, @JsonProperty("answer") String answer,
               @JsonProperty("before_step") boolean beforeStep) {}

  /**
   * A download the step triggered: its size and type as Chrome knew them (0 and null when it did not say) and, for
   * an allowed one, the file Chrome saved it as, when that was known before the step answered.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record DownloadInfo(@JsonProperty("url") String url, @JsonProperty("filename") String filename,
                 @JsonProperty("blocked") boolean blocked, @JsonProperty("mime") String mime,
                 @JsonProperty("size") long size, @JsonProperty("saved_to") String savedTo) {
    public DownloadInfo(String url, String filename, boolean blocked) {
      this(url, filename, blocked, null, 0, null);
    }
  }

  /** A captured file, sent to the studio only. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record CapturedFile(@JsonProperty("filename") String filename, @JsonProperty("mime") String mime,
                 @JsonProperty("size") long size, @JsonProperty("base64") String base64) {
    @Override
    public String toString() {
      return "CapturedFile[" + filename + ", " + mime + ", " + size + " bytes]";
    }
  }
}
