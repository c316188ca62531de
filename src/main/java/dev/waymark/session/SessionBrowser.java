package dev.waymark.session;

import dev.waymark.apply.Route;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.Map;

/**
 * The browser as an authoring session sees it: the bridge in the studio, a fake in tests. Called only on the
 * session thread; every call may block while the browser works.
 */
public interface SessionBrowser {
  /** Reads the task tab as it is now. */
  PageObservation observe() throws BrowserUnavailableException, InterruptedException;

  /**
   * Performs one step with the real values of exactly the tokens it uses. A page failure comes back as a failed
   * result; a step whose reply never came back is an uncertain result, never an exception.
   */
  StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs) throws InterruptedException;

  /** The same, carrying the turn's workflow id to the browser and honouring its client hint where it can. */
  default StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs, Route route)
      throws InterruptedException {
    return perform(stepId, step, values, timeoutMs);
  }

  /**
   * The same, handing a long step's progress (an extractList's rows and pages so far) to {@code progress} on the
   * calling thread, the session thread, while it runs. A browser that cannot tell performs it without.
   */
  default StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs, Route route,
      java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) throws InterruptedException {
    return perform(stepId, step, values, timeoutMs, route);
  }

  /**
   * The person's Stop for the long step {@code stepId} running now: an extractList ends at its next check with the
   * rows read so far, truncated. Completes with whether it was running (false: nothing changed). Called from any
   * thread: the session thread is the one waiting for the step.
   */
  default java.util.concurrent.CompletableFuture<Boolean> cancel(String stepId) {
    return java.util.concurrent.CompletableFuture.completedFuture(false);
  }

  /** The extension client this browser drives now (the turn's {@code client_id}), or null when it has none. */
  default String clientId() {
    return null;
  }

  /** Outlines the element in the page, or clears the outline when {@code selector} is null. */
  void highlight(Selector selector) throws BrowserUnavailableException, InterruptedException;

  /**
   * A picture of the task tab with where each of {@code request}'s elements is; the fields it names and password fields
   * are blurred in the browser first. A browser that cannot take one says so.
   */
  default dev.waymark.observe.PagePicture picture(dev.waymark.observe.PagePicture.Request request)
      throws BrowserUnavailableException, InterruptedException {
    throw new BrowserUnavailableException("This browser cannot show a picture of the page");
  }

  /**
   * The person's Continue for the userStep waiting now (named by its step id), from {@code channel}; false when
   * none waits with that id. Called from any thread: the session thread is the one waiting.
   */
  default boolean continueUserStep(String stepId, String channel) {
    return false;
  }

  /** The channel whose Continue ended this userStep (studio, terminal, chrome), or null. */
  default String answeredBy(String stepId) {
    return null;
  }

  /**
   * Ends the session's control of the browser: what the extension changed for the task (the viewport, download
   * settings) goes back; tabs stay open. Never throws: a browser that is gone has nothing left to undo.
   */
  default void release() {}
}
