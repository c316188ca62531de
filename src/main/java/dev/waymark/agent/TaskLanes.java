package dev.waymark.agent;

import dev.waymark.session.AuthoringSession;

/**
 * Where each agent task runs: a lane is an authoring session of its own (its tab in the browser, generation,
 * journal, approvals and export). The {@code mcp} command opens a new lane per task; the studio gives the first task
 * its window's session and the others lanes of their own; a host with one session has one lane.
 */
public interface TaskLanes {
  /** How many tasks may run at once by default. */
  int DEFAULT_LIMIT = 4;

  /** A task's session, and what closes it when the task is ended (its tab stays open, the person's). */
  record Lane(AuthoringSession session, AutoCloseable closer) {}

  /** Opens the lane of the new task {@code taskId} with the goal it was started for. */
  Lane open(String taskId, String goal) throws Exception;

  /** The task is no longer kept (ended long ago): what its lane still held, its session, may go. */
  default void forget(String taskId) {}

  /** How many tasks may hold a lane at once. */
  default int limit() {
    return DEFAULT_LIMIT;
  }

  /**
   * Whether a new task takes the lane of the one before (a host with a single session): the earlier task ends
   * instead of the start being refused.
   */
  default boolean replaces() {
    return false;
  }

  /** One session shared by every task, one task at a time: a new task_start ends the task before. */
  static TaskLanes single(AuthoringSession session) {
    return new TaskLanes() {
      @Override
      public Lane open(String taskId, String goal) {
        return new Lane(session, () -> { });
      }

      @Override
      public int limit() {
        return 1;
      }

      @Override
      public boolean replaces() {
        return true;
      }
    };
  }
}
