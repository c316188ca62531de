package dev.waymark.session;

import dev.waymark.apply.Route;
import dev.waymark.observe.PageObservation;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Selector;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A browser for tests: serves a fixed observation, records every perform with its values, answers ok. */
public final class FakeSessionBrowser implements SessionBrowser {
  /** One perform call as the browser saw it, values included (only tests look at them). */
  public record Performed(String stepId, Step step, Map<String, String> values) {}

  public volatile PageObservation page;
  public volatile boolean connected = true;
  public volatile Function<Step, StepResult> answer = s -> StepResult.success(s.id(), null, null, null);
  public final List<Performed> performed = Collections.synchronizedList(new ArrayList<>());
  /** How many times a session ended its control of the browser. */
  public final java.util.concurrent.atomic.AtomicInteger released = new java.util.concurrent.atomic.AtomicInteger();
  public final List<Selector> highlighted = Collections.synchronizedList(new ArrayList<>());
  /** When set, a userStep waits (up to 20 s) for {@link #continueUserStep}, as the bridge's gate does. */
  public volatile boolean holdUserSteps;
  private volatile Step heldStep;
  private volatile java.util.concurrent.CompletableFuture<String> held;
  private final Map<String, String> answered = new java.util.concurrent.ConcurrentHashMap<>();
  /** The route (workflow id, client hint) of each perform, in order. */
  public final List<Route> routes = Collections.synchronizedList(new ArrayList<>());
  /** The client this fake says it drives (null: none, as a browser that cannot tell). */
  public volatile String clientId;
  /** What picture() answers (null: "cannot"), and the last request it was asked with. */
  public volatile dev.waymark.observe.PagePicture picture;
  public volatile dev.waymark.observe.PagePicture.Request pictureRequest;

  @Override
  public dev.waymark.observe.PagePicture picture(dev.waymark.observe.PagePicture.Request request)
      throws BrowserUnavailableException {
    pictureRequest = request;
    if (picture == null) throw new BrowserUnavailableException("no picture in this fake");
    return picture;
  }

  public FakeSessionBrowser(PageObservation page) {
    this.page = page;
  }

  public static PageObservation load(String resource) {
    try (InputStream in = FakeSessionBrowser.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalArgumentException("no test resource " + resource);
      return Json.read(new String(in.readAllBytes(), StandardCharsets.UTF_8), PageObservation.class);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  public static FakeSessionBrowser checkout() {
    return new FakeSessionBrowser(load("/observations/checkout.json"));
  }

  @Override
  public PageObservation observe() throws BrowserUnavailableException {
    if (!connected) throw new BrowserUnavailableException("No browser is connected; launch one from the Connection panel");
    return page;
  }

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs) {
    performed.add(new Performed(stepId, step, Map.copyOf(values)));
    if (holdUserSteps && "userStep".equals(step.type())) {
      java.util.concurrent.CompletableFuture<String> f = new java.util.concurrent.CompletableFuture<>();
      heldStep = step;
      held = f;
      try {
        String by = f.get(20, java.util.concurrent.TimeUnit.SECONDS);
        answered.put(step.id(), by);
        return StepResult.success(step.id(), "continued: the person pressed Continue in " + by, null, null);
      } catch (Exception e) {
        return StepResult.failure(step.id(), "the person did not continue", null);
      } finally {
        held = null;
      }
    }
    return answer.apply(step);
  }

  @Override
  public boolean continueUserStep(String stepId, String channel) {
    java.util.concurrent.CompletableFuture<String> f = held;
    Step s = heldStep;
    return f != null && s != null && s.id().equals(stepId) && f.complete(channel);
  }

  @Override
  public String answeredBy(String stepId) {
    return answered.get(stepId);
  }

  /** Whether a userStep is waiting for its Continue now. */
  public boolean holdingUserStep() {
    return held != null;
  }

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs, Route route) {
    routes.add(route);
    return perform(stepId, step, values, timeoutMs);
  }

  @Override
  public String clientId() {
    return clientId;
  }

  /**
   * When set, an extractList hands these counts (under its own step id) to the progress listener on the calling
   * thread, then runs until {@link #cancel} stops it (20 s at most), as a long list in the browser does.
   */
  public volatile List<dev.waymark.workflow.StepProgress> listProgress;
  /** The step ids a cancel was asked for, in order. */
  public final List<String> cancelled = Collections.synchronizedList(new ArrayList<>());
  private volatile java.util.concurrent.CompletableFuture<Boolean> listStop;

  @Override
  public StepResult perform(String stepId, Step step, Map<String, String> values, int timeoutMs, Route route,
      java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) {
    List<dev.waymark.workflow.StepProgress> script = listProgress;
    if (script == null || script.isEmpty() || !"extractList".equals(step.type())) return perform(stepId, step, values, timeoutMs, route);
    routes.add(route);
    performed.add(new Performed(stepId, step, Map.copyOf(values)));
    java.util.concurrent.CompletableFuture<Boolean> stop = new java.util.concurrent.CompletableFuture<>();
    listStop = stop;
    script.forEach(p -> progress.accept(new dev.waymark.workflow.StepProgress(step.id(), p.items(), p.pages())));
    try {
      stop.get(20, java.util.concurrent.TimeUnit.SECONDS);
    } catch (Exception e) {
      return StepResult.failure(step.id(), "the list was never stopped", null);
    } finally {
      listStop = null;
    }
    var last = script.get(script.size() - 1);
    var outcome = new dev.waymark.workflow.StepOutcome(null, null, null, null, true, last.items(), last.pages(), false, null,
        null, null, true);
    return new StepResult(step.id(), true, null, "[]", null, null, false, false, false, outcome,
        "stopped by the person after " + last.items() + " rows on " + last.pages() + " pages");
  }

  @Override
  public java.util.concurrent.CompletableFuture<Boolean> cancel(String stepId) {
    cancelled.add(stepId);
    java.util.concurrent.CompletableFuture<Boolean> stop = listStop;
    return java.util.concurrent.CompletableFuture.completedFuture(stop != null && stop.complete(true));
  }

  @Override
  public void release() {
    released.incrementAndGet();
  }

  @Override
  public void highlight(Selector selector) throws BrowserUnavailableException {
    if (!connected) throw new BrowserUnavailableException("No browser is connected");
    highlighted.add(selector);
  }
}
