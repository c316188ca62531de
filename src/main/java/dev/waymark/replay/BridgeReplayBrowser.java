package dev.waymark.replay;

import dev.waymark.bridge.BridgeBrowserPort;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.bridge.UserStepGate;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.Map;

/** The replay's browser over the bridge: steps through {@link BridgeBrowserPort} (a fresh wire id each), userSteps through the {@link UserStepGate} every command shares. */
public final class BridgeReplayBrowser implements ReplayBrowser {
  private final BrowserClient client;
  private final BridgeBrowserPort port;
  private final UserStepGate gate;

  /** Captured files are reported but not kept. */
  public BridgeReplayBrowser(BrowserClient client) {
    this(client, null);
  }

  /** Captured files are saved into {@code captures}. */
  public BridgeReplayBrowser(BrowserClient client, CaptureFolder captures) {
    this.client = client;
    // Replay checks who each element is before acting on it (the step's target), and heals or stops.
    this.port = new BridgeBrowserPort(client, captures, true);
    this.gate = new UserStepGate(client);
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs) {
    return port.perform(step, values, timeoutMs);
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs,
      java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) {
    return port.perform(step, values, timeoutMs, dev.waymark.apply.Route.NONE, progress);
  }

  @Override
  public StepResult gate(Step step, long limitMs) throws InterruptedException {
    return gate.perform(step, limitMs);
  }
}
