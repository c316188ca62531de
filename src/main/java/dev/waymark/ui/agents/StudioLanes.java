package dev.waymark.ui.agents;

import dev.waymark.agent.TaskLanes;
import dev.waymark.session.AuthoringSession;

/**
 * The studio's lanes: the first agent task runs in the window's session, so the person watches its steps and trail
 * and answers its approvals on the card; while that task holds the window, each further task gets a session of its
 * own over a tab of its own ({@code more}), whose approvals the Agents panel and the browser's side panel show with
 * the task's name.
 */
final class StudioLanes implements TaskLanes {
  /** Opens a lane of its own for a task (a session over the browser's task view); null when no browser is there. */
  @FunctionalInterface
  interface More {
    Lane open(String taskId, String goal) throws Exception;
  }

  private final AuthoringSession window;
  private final More more;
  private final int limit;
  private String windowTask;

  StudioLanes(AuthoringSession window, More more, int limit) {
    this.window = window;
    this.more = more;
    this.limit = limit;
  }

  @Override
  public synchronized Lane open(String taskId, String goal) throws Exception {
    if (windowTask == null) {
      windowTask = taskId;
      return new Lane(window, () -> release(taskId));
    }
    return more.open(taskId, goal);
  }

  private synchronized void release(String taskId) {
    if (taskId.equals(windowTask)) windowTask = null;
  }

  @Override
  public int limit() {
    return limit;
  }
}
