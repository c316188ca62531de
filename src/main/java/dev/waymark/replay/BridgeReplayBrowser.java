package dev.waymark.replay;

import dev.waymark.bridge.BridgeBrowserPort;
import dev.waymark.bridge.BridgeException;
import dev.waymark.bridge.BrowserClient;
import dev.waymark.bridge.CaptureFolder;
import dev.waymark.bridge.UserStepGate;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.StepResult;
import java.util.Map;

/**
 * The replay's browser over the bridge: steps through {@link BridgeBrowserPort} (a fresh wire id each), userSteps
 * through the {@link UserStepGate} every command shares. No paired browser when a step is about to go out is a
 * {@link BrowserLostException} with {@code sent} false; a connection that drops after the step went out comes back
 * as an uncertain result, as before.
 */
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
    try {
      return port.performConnected(step, values, timeoutMs);
    } catch (BridgeException.NotConnected e) {
      throw new BrowserLostException(e.getMessage(), false);
    }
  }

  @Override
  public StepResult perform(Step step, Map<String, String> values, int timeoutMs,
      java.util.function.Consumer<dev.waymark.workflow.StepProgress> progress) {
    try {
      return port.performConnected(step, values, timeoutMs, progress);
    } catch (BridgeException.NotConnected e) {
      throw new BrowserLostException(e.getMessage(), false);
    }
  }

  @Override
  public StepResult gate(Step step, long limitMs) throws InterruptedException {
    if (!client.isConnected()) {
      throw new BrowserLostException("the extension is no longer connected to the bridge", false);
    }
    return gate.perform(step, limitMs);
  }
}
