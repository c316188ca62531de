package dev.waymark.replay;

import java.util.Map;

/**
 * The record a run keeps of the steps it sends, so that a run killed mid-way does not leave only the page to say what
 * was done (decision 0054). The runner tells it each step before sending it and each result; it hands the runner
 * what an earlier run of the same workflow that did not complete may have performed.
 */
public interface RunLog extends AutoCloseable {
  /** What an earlier, unfinished run of this workflow may have done ({@link PriorRun#NONE} when nothing). */
  PriorRun prior();

  /** Before the step is sent; returns once that is on disk, so a kill after it leaves the step marked sent. */
  void sent(String stepId, String type);

  /** The step's result, as soon as it is known. */
  void result(ReplayStepResult result);

  /** How the run ended (a run that completed leaves nothing to resume). */
  void ended(ReplayResult.Outcome outcome);

  /** Lets go of the record (its lock) when the run is over, however it ended. */
  @Override
  default void close() {}

  /** No record: a run of a workflow that is not a file, or one the person keeps no record of. */
  RunLog NONE = new RunLog() {
    @Override
    public PriorRun prior() {
      return PriorRun.NONE;
    }

    @Override
    public void sent(String stepId, String type) {}

    @Override
    public void result(ReplayStepResult result) {}

    @Override
    public void ended(ReplayResult.Outcome outcome) {}
  };

  /** How far a sent step is known to have got. */
  enum Mark {
    /** Reported done. */
    DONE,
    /** Sent, and the run ended (was killed) before its result came. */
    SENT,
    /** Its result said it may or may not have taken effect. */
    UNCERTAIN
  }

  /**
   * The earlier run's steps that may have taken effect, by step id.
   *
   * @param ended   when and how that run ended, for a person ("killed at 10:32:05", "ended uncertain at …")
   * @param marks   step id to how far it got; steps that failed, were skipped or never sent are absent
   * @param problem why the record cannot be read (damaged), or null
   */
  record PriorRun(String ended, Map<String, Mark> marks, String problem) {
    public static final PriorRun NONE = new PriorRun(null, Map.of(), null);

    public PriorRun {
      marks = marks == null ? Map.of() : Map.copyOf(marks);
    }

    public boolean isEmpty() {
      return marks.isEmpty() && problem == null;
    }
  }
}
