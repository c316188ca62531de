package dev.waymark.observe;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** One snapshot of a live page: its interactive nodes, headings, lists and walls, as the spec names them. */
@JsonInclude(JsonInclude.Include.NON_DEFAULT)
public record PageObservation(
    @JsonProperty("url") String url,
    @JsonProperty("title") String title,
    @JsonProperty("nodes") List<ObservedNode> nodes,
    @JsonProperty("headings") List<ObservedHeading> headings,
    @JsonProperty("text") String text,
    @JsonProperty("truncated") boolean truncated,
    @JsonProperty("modal") String modal,
    @JsonProperty("modal_frame") boolean modalFrame,
    @JsonProperty("omitted") int omitted,
    @JsonProperty("frames") int frames,
    @JsonProperty("lists") List<ObservedList> lists,
    // The task's tabs, the person's tabs on the task's sites (adoptTab takes one), and how many other tabs the
    // person has: counted, never named (decision 0027). Absent in journals written before tabs were observed.
    @JsonProperty("task_tabs") List<ObservedTab> taskTabs,
    @JsonProperty("open_tabs") List<ObservedTab> openTabs,
    @JsonProperty("other_open_tabs") int otherOpenTabs,
    // Beyond the spec's fields: where a multi-step form's step indicator (aria-current="step") stands, in words:
    // "step 2 of 3: Address".
    @JsonProperty("form_step") String formStep,
    // What clicks before this reading did after their verdicts said they changed nothing (a late effect): events since
    // the last reading, not the page's state.
    @JsonInclude(JsonInclude.Include.NON_EMPTY) @JsonProperty("late_effects") List<LateEffect> lateEffects) {

  /**
   * A change a click made after its verdict said the page did not change: the click's step id, what changed, how
   * long after the verdict the first change came, the id the click was sent under (unique to one sending; kept in
   * memory only, null when the browser's own id is the step id) and the session's turn that sent it (null until a
   * session that knows its turns names it: the browser knows ids only).
   */
  public record LateEffect(@JsonProperty("step_id") String stepId, @JsonProperty("effect") String effect,
      @JsonProperty("after_ms") long afterMs, @JsonIgnore String sentAs,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("turn") Integer turn) {
    /** A late effect by its step id alone (which sending it was is not known). */
    public LateEffect(String stepId, String effect, long afterMs) {
      this(stepId, effect, afterMs, null, null);
    }

    /** The same, naming the turn that sent the click. */
    public LateEffect atTurn(Integer sentAt) {
      return new LateEffect(stepId, effect, afterMs, sentAs, sentAt);
    }
  }

  /** A page read with no late effect to tell. */
  public PageObservation(String url, String title, List<ObservedNode> nodes, List<ObservedHeading> headings, String text,
      boolean truncated, String modal, boolean modalFrame, int omitted, int frames, List<ObservedList> lists,
      List<ObservedTab> taskTabs, List<ObservedTab> openTabs, int otherOpenTabs, String formStep) {
    this(url, title, nodes, headings, text, truncated, modal, modalFrame, omitted, frames, lists, taskTabs, openTabs,
        otherOpenTabs, formStep, List.of());
  }

  @JsonCreator
  public PageObservation {
    nodes = nodes == null ? List.of() : List.copyOf(nodes);
    headings = headings == null ? List.of() : List.copyOf(headings);
    lists = lists == null ? List.of() : List.copyOf(lists);
    taskTabs = taskTabs == null ? List.of() : List.copyOf(taskTabs);
    openTabs = openTabs == null ? List.of() : List.copyOf(openTabs);
    if (otherOpenTabs < 0) otherOpenTabs = 0;
    lateEffects = lateEffects == null ? List.of() : List.copyOf(lateEffects);
  }

  /** A page that shows no form step. */
  public PageObservation(String url, String title, List<ObservedNode> nodes, List<ObservedHeading> headings, String text,
      boolean truncated, String modal, boolean modalFrame, int omitted, int frames, List<ObservedList> lists,
      List<ObservedTab> taskTabs, List<ObservedTab> openTabs, int otherOpenTabs) {
    this(url, title, nodes, headings, text, truncated, modal, modalFrame, omitted, frames, lists, taskTabs, openTabs,
        otherOpenTabs, null);
  }

  /** A page without tab information (one tab, nothing to adopt). */
  public PageObservation(String url, String title, List<ObservedNode> nodes, List<ObservedHeading> headings, String text,
      boolean truncated, String modal, boolean modalFrame, int omitted, int frames, List<ObservedList> lists) {
    this(url, title, nodes, headings, text, truncated, modal, modalFrame, omitted, frames, lists, List.of(), List.of(), 0);
  }

  /** The same page with these tabs. */
  public PageObservation withTabs(List<ObservedTab> task, List<ObservedTab> open, int others) {
    return new PageObservation(url, title, nodes, headings, text, truncated, modal, modalFrame, omitted, frames, lists,
        task, open, others, formStep, lateEffects);
  }

  /** The same page with these late effects. */
  public PageObservation withLateEffects(List<LateEffect> late) {
    return new PageObservation(url, title, nodes, headings, text, truncated, modal, modalFrame, omitted, frames, lists,
        taskTabs, openTabs, otherOpenTabs, formStep, late);
  }

  /** The tab with this id among the task's tabs and the open ones, or null. */
  public ObservedTab tab(int id) {
    for (ObservedTab t : taskTabs) if (t.id() == id) return t;
    for (ObservedTab t : openTabs) if (t.id() == id) return t;
    return null;
  }

  /**
   * Whether the task has another tab to work with here: a second task tab, or a tab the person has open on the
   * task's sites. The compact form writes tab lines only then, and a prompt offers the tab steps only then.
   */
  public boolean showsTabs() {
    return taskTabs.size() > 1 || !openTabs.isEmpty();
  }

  /** Whether this observation says anything about tabs (a page read before tabs were observed does not). */
  public boolean knowsTabs() {
    return !taskTabs.isEmpty() || !openTabs.isEmpty() || otherOpenTabs > 0;
  }

  /** The node with this ref, or null: refs are meaningful only inside this observation. */
  public ObservedNode node(String ref) {
    if (ref == null) return null;
    for (ObservedNode n : nodes) {
      if (ref.equals(n.ref())) return n;
    }
    return null;
  }

  /** The list with this ref, or null. */
  public ObservedList list(String ref) {
    if (ref == null) return null;
    for (ObservedList l : lists) {
      if (ref.equals(l.ref())) return l;
    }
    return null;
  }

  public static PageObservation empty(String url, String title) {
    return new PageObservation(url, title, List.of(), List.of(), null, false, null, false, 0, 0, List.of());
  }
}
