package dev.waymark.workflow;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * What a performed step made happen besides its own effect: dialogs the page opened and how they were answered,
 * downloads (blocked or let through, and where Chrome saved them), tabs opened and closed, an extractList's
 * truncation and page count (and whether the person stopped it), a condition that skipped the step. It travels from the browser's report through the
 * turn's outputs, the trail and the prompt, so the next decision knows, e.g., that a confirm was dismissed.
 * Empty lists and false flags are left out of JSON, so an old trail entry without it reads as {@link #NONE}.
 */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
@JsonIgnoreProperties(ignoreUnknown = true)
public record StepOutcome(
    @JsonProperty("dialogs") List<Dialog> dialogs,
    @JsonProperty("downloads") List<Download> downloads,
    @JsonProperty("tabs_opened") List<Tab> tabsOpened,
    @JsonProperty("tabs_closed") List<Integer> tabsClosed,
    @JsonProperty("truncated") boolean truncated,
    @JsonProperty("items") Integer items,
    @JsonProperty("pages") Integer pages,
    @JsonProperty("skipped") boolean skipped,
    @JsonProperty("condition") String condition,
    // Replay: the selector no longer led to the step's target, and identity found the element it acted on.
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("healed") Heal healed,
    // Replay: the effect the step had when authored (its expect) that did not follow this time, in words.
    @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("missing") String missing,
    // The person stopped the extractList before its end (the studio's Stop): truncated, and not at its limit.
    @JsonProperty("stopped") boolean stopped,
    // What clicks before this step did after their verdicts said they changed nothing (a late effect).
    @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("late_effects") List<LateEffect> lateEffects) {

  public static final StepOutcome NONE = new StepOutcome(null, null, null, null, false, null, null, false, null);

  /** An outcome without a heal (everything but a replay's identity check). */
  public StepOutcome(List<Dialog> dialogs, List<Download> downloads, List<Tab> tabsOpened, List<Integer> tabsClosed,
      boolean truncated, Integer items, Integer pages, boolean skipped, String condition) {
    this(dialogs, downloads, tabsOpened, tabsClosed, truncated, items, pages, skipped, condition, null, null);
  }

  /** An outcome whose recorded effect, if any, followed. */
  public StepOutcome(List<Dialog> dialogs, List<Download> downloads, List<Tab> tabsOpened, List<Integer> tabsClosed,
      boolean truncated, Integer items, Integer pages, boolean skipped, String condition, Heal healed) {
    this(dialogs, downloads, tabsOpened, tabsClosed, truncated, items, pages, skipped, condition, healed, null);
  }

  /** An outcome the person did not stop. */
  public StepOutcome(List<Dialog> dialogs, List<Download> downloads, List<Tab> tabsOpened, List<Integer> tabsClosed,
      boolean truncated, Integer items, Integer pages, boolean skipped, String condition, Heal healed, String missing) {
    this(dialogs, downloads, tabsOpened, tabsClosed, truncated, items, pages, skipped, condition, healed, missing, false);
  }

  /** An outcome without late effects of the steps before it. */
  public StepOutcome(List<Dialog> dialogs, List<Download> downloads, List<Tab> tabsOpened, List<Integer> tabsClosed,
      boolean truncated, Integer items, Integer pages, boolean skipped, String condition, Heal healed, String missing,
      boolean stopped) {
    this(dialogs, downloads, tabsOpened, tabsClosed, truncated, items, pages, skipped, condition, healed, missing, stopped,
        List.of());
  }

  /**
   * A change a click made after its verdict said the page did not change: the click's step id, what changed, how
   * long after the verdict the first change came, the id the click was sent under (kept in memory only, to tell which
   * sending it was) and the session's turn that sent it (null when not known). The verdict stands (it said what the
   * page showed by then); this says the page answered later.
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record LateEffect(@JsonProperty("step_id") String stepId, @JsonProperty("effect") String effect,
      @JsonProperty("after_ms") long afterMs, @JsonIgnore String sentAs,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("turn") Integer turn) {
    /** A late effect by its step id alone (which sending it was is not known). */
    public LateEffect(String stepId, String effect, long afterMs) {
      this(stepId, effect, afterMs, null, null);
    }

    /** The same, naming the session's turn that sent the click (null: not known). */
    public LateEffect atTurn(Integer sentAt) {
      return new LateEffect(stepId, effect, afterMs, sentAs, sentAt);
    }
  }

  /**
   * The evidence of a heal: the selector the step had, the one it acted through, how well the element fit the
   * step's target (0..1) against the next best candidate, why the selector was not enough, and the element in words.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Heal(@JsonProperty("from") Selector from, @JsonProperty("to") Selector to,
      @JsonProperty("score") double score, @JsonProperty("runner_up") Double runnerUp,
      @JsonProperty("reason") String reason, @JsonProperty("element") String element) {}

  /**
   * What the page's dialog said and how it was answered: "dismissed", "accepted", or the text typed into a prompt.
   * {@code beforeStep}: the page opened it before the step began, after the step before had answered (on a timer),
   * so it is reported with this step but is not what this step did; its {@code step} is then not this step's id.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Dialog(@JsonProperty("kind") String kind, @JsonProperty("message") String message,
      @JsonProperty("answered") String answered, @JsonProperty("step") String step,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) @JsonProperty("before_step") boolean beforeStep) {
    /** A dialog the step {@code step} opened. */
    public Dialog(String kind, String message, String answered, String step) {
      this(kind, message, answered, step, false);
    }
  }

  /** A download the step started; {@code savedTo} is where Chrome put an allowed one, when it said so in time. */
  @JsonInclude(JsonInclude.Include.NON_DEFAULT)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Download(@JsonProperty("filename") String filename, @JsonProperty("size") long size,
      @JsonProperty("mime") String mime, @JsonProperty("blocked") boolean blocked,
      @JsonProperty("saved_to") String savedTo) {}

  /** A tab the step opened, by Chrome's tab id (what switchTab takes). */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Tab(@JsonProperty("id") int id, @JsonProperty("url") String url, @JsonProperty("title") String title) {}

  public StepOutcome {
    dialogs = dialogs == null ? List.of() : List.copyOf(dialogs);
    downloads = downloads == null ? List.of() : List.copyOf(downloads);
    tabsOpened = tabsOpened == null ? List.of() : List.copyOf(tabsOpened);
    tabsClosed = tabsClosed == null ? List.of() : List.copyOf(tabsClosed);
    lateEffects = lateEffects == null ? List.of() : List.copyOf(lateEffects);
  }

  /** Nothing happened besides the step itself (an extractList's plain row count alone is not news). */
  @JsonIgnore
  public boolean isEmpty() {
    return dialogs.isEmpty() && downloads.isEmpty() && tabsOpened.isEmpty() && tabsClosed.isEmpty() && !truncated
        && (pages == null || pages <= 1) && !skipped && healed == null && missing == null && lateEffects.isEmpty();
  }

  /** The same outcome with every text passed through {@code mask} (a real value becomes its token). */
  public StepOutcome masked(UnaryOperator<String> mask) {
    return new StepOutcome(
        dialogs.stream().map(d -> new Dialog(d.kind(), mask.apply(d.message()), mask.apply(d.answered()), d.step(), d.beforeStep()))
            .toList(),
        downloads.stream().map(d -> new Download(mask.apply(d.filename()), d.size(), d.mime(), d.blocked(),
            mask.apply(d.savedTo()))).toList(),
        tabsOpened.stream().map(t -> new Tab(t.id(), mask.apply(t.url()), mask.apply(t.title()))).toList(),
        tabsClosed, truncated, items, pages, skipped, mask.apply(condition),
        healed == null ? null : new Heal(healed.from(), healed.to(), healed.score(), healed.runnerUp(), healed.reason(),
            mask.apply(healed.element())), mask.apply(missing), stopped,
        lateEffects.stream().map(l -> new LateEffect(l.stepId(), mask.apply(l.effect()), l.afterMs(), l.sentAs(), l.turn())).toList());
  }

  /**
   * The same outcome with each late effect naming the turn that sent its click ({@code turnOf}: the id it was sent
   * under to that turn, or null when it is not known).
   */
  public StepOutcome withLateTurns(java.util.function.Function<String, Integer> turnOf) {
    if (lateEffects.isEmpty()) return this;
    return new StepOutcome(dialogs, downloads, tabsOpened, tabsClosed, truncated, items, pages, skipped, condition, healed,
        missing, stopped, lateEffects.stream().map(l -> l.sentAs() == null ? l : l.atTurn(turnOf.apply(l.sentAs()))).toList());
  }

  /**
   * The same outcome with every dialog of the step attributed to {@code stepId} (the browser reports dialogs per
   * step); one answered before the step began is not its doing and keeps no step.
   */
  public StepOutcome raisedBy(String stepId) {
    if (dialogs.isEmpty()) return this;
    return new StepOutcome(dialogs.stream().map(d -> new Dialog(d.kind(), d.message(), d.answered(),
        d.step() == null && !d.beforeStep() ? stepId : d.step(), d.beforeStep())).toList(), downloads, tabsOpened,
        tabsClosed, truncated, items, pages,
        skipped, condition, healed, missing, stopped, lateEffects);
  }

  /**
   * The same outcome with {@code earlier} (dialogs answered before the step began) before its own dialogs: at most 20,
   * the step's own all kept and the newest of the earlier ones, as the extension keeps them.
   */
  public StepOutcome afterDialogs(List<Dialog> earlier) {
    if (earlier.isEmpty()) return this;
    int room = Math.max(0, 20 - dialogs.size());
    List<Dialog> all = new java.util.ArrayList<>(earlier.subList(Math.max(0, earlier.size() - room), earlier.size()));
    all.addAll(dialogs);
    return new StepOutcome(all, downloads, tabsOpened, tabsClosed, truncated, items, pages, skipped, condition, healed,
        missing, stopped, lateEffects);
  }

  /** The same outcome with every dialog marked as answered before a step began and attributed to none. */
  public StepOutcome asBeforeStep() {
    if (dialogs.isEmpty()) return this;
    return new StepOutcome(dialogs.stream().map(d -> new Dialog(d.kind(), d.message(), d.answered(), null, true)).toList(),
        downloads, tabsOpened, tabsClosed, truncated, items, pages, skipped, condition, healed, missing, stopped, lateEffects);
  }

  /** Null for an empty outcome, so JSON that leaves nulls out shows it only when something happened. */
  public static StepOutcome orNull(StepOutcome o) {
    return o == null || o.isEmpty() ? null : o;
  }
}
