package dev.waymark.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a client sends a step and learns its fate: each step id goes to the browser once (the ledger says so), a reply
 * that came too late still reaches the ledger, a dropped connection or a silent browser makes the step uncertain,
 * never repeated, and a reconnect asks what became of it. The public calls are {@link BrowserClient}'s.
 */
final class StepSender {
  private static final Logger LOG = LoggerFactory.getLogger(StepSender.class);

  private final BrowserClient client;

  StepSender(BrowserClient client) {
    this.client = client;
  }

  CompletableFuture<PerformResult> perform(String stepId, Object step, Map<String, String> values,
      Map<String, UploadFile> files, long timeoutMs, String workflowId, String clientHint, boolean identity) {
    String target = clientHint != null && client.server().clients().stream().anyMatch(c -> c.clientId().equals(clientHint))
        ? clientHint : client.pinnedClient();
    String clientId = target != null ? target : client.client().map(ClientInfo::clientId).orElse(null);
    if (!client.ledger().begin(stepId, clientId)) {
      return CompletableFuture.failedFuture(new IllegalStateException(
          "Step " + stepId + " was already sent to the browser; a step is never sent twice"));
    }
    ObjectNode m = client.message(MessageType.PERFORM);
    m.put("step_id", stepId);
    m.set("step", step instanceof JsonNode node ? node : client.mapper().valueToTree(step));
    ObjectNode v = m.putObject("values");
    values.forEach(v::put);
    if (!files.isEmpty()) {
      ObjectNode f = m.putObject("files");
      files.forEach((name, file) -> f.putObject(name).put("filename", file.filename()).put("mime", file.mime())
          .put("base64", file.base64()));
    }
    m.put("timeout_ms", timeoutMs);
    String input = client.input();
    if (input != null) m.put("input", input);
    if (workflowId != null) m.put("workflow_id", workflowId);
    if (identity) m.put("identity", true);
    m.putNull("tab");
    return client.server().request(target, m, Duration.ofMillis(timeoutMs + client.server().config().performGrace().toMillis()))
        .handle((reply, error) -> {
          Throwable cause = unwrap(error);
          PerformResult result;
          if (cause == null) {
            result = withStepId(client.convert(reply, PerformResult.class), stepId);
          } else if (cause instanceof BridgeException.NotConnected nc) {
            client.ledger().notSent(stepId);
            throw new CompletionException(nc);
          } else if (cause instanceof BridgeException.ConnectionLost) {
            result = PerformResult.uncertain(stepId, "The connection to the browser dropped after step " + stepId
                + " was sent, so whether it took effect is unknown. It is not repeated automatically; "
                + "check the page, then resolve it.");
          } else if (cause instanceof BridgeException.Timeout) {
            result = PerformResult.uncertain(stepId, "The browser did not report on step " + stepId + " within "
                + (timeoutMs + client.server().config().performGrace().toMillis()) + " ms, so whether it took effect is unknown. "
                + "It is not repeated automatically; check the page, then resolve it.");
          } else if (cause instanceof BridgeException.Refused refused) {
            result = PerformResult.notPerformed(stepId, refused.getMessage());
          } else {
            result = PerformResult.uncertain(stepId, "Step " + stepId + " failed in the bridge: " + cause.getMessage());
          }
          client.ledger().finish(stepId, result);
          if (result.uncertain()) {
            LOG.info("Step {} is uncertain", stepId);
          }
          return result;
        });
  }

  /** Asks the extension what became of a step id (after a reconnect). */
  CompletableFuture<StepStatus> status(String stepId) {
    ObjectNode m = client.message(MessageType.STATUS);
    m.put("step_id", stepId);
    return client.send(m, client.server().config().requestTimeout()).thenApply(r -> {
      String state = r.path("state").asText("unknown");
      StepStatus.State s = switch (state) {
        case "done" -> StepStatus.State.DONE;
        case "running" -> StepStatus.State.RUNNING;
        case "interrupted" -> StepStatus.State.INTERRUPTED;
        case "never_started" -> neverStartedOrUnknown(stepId, r.path("ledger_since").asLong(0));
        default -> StepStatus.State.UNKNOWN;
      };
      JsonNode result = r.get("result");
      PerformResult pr = s == StepStatus.State.DONE && result != null && result.isObject()
          ? withStepId(client.convert(result, PerformResult.class), stepId) : null;
      return new StepStatus(stepId, s, pr);
    });
  }

  /** The extension's ledger is per browser session: one younger than the step cannot say it never started. */
  private StepStatus.State neverStartedOrUnknown(String stepId, long ledgerSince) {
    Optional<StepLedger.Entry> sent = client.ledger().get(stepId);
    if (sent.isPresent() && ledgerSince > sent.get().sentAt().toEpochMilli()) {
      return StepStatus.State.UNKNOWN;
    }
    return StepStatus.State.NEVER_STARTED;
  }

  void lateReply(ObjectNode reply) {
    if (!MessageType.PERFORMED.wire().equals(reply.path("type").asText())) {
      return;
    }
    String stepId = reply.path("step_id").asText(null);
    if (stepId != null) {
      client.ledger().late(stepId, withStepId(client.convert(reply, PerformResult.class), stepId));
    }
  }

  private static PerformResult withStepId(PerformResult r, String stepId) {
    return stepId.equals(r.stepId()) ? r : r.withStepId(stepId);
  }

  private static Throwable unwrap(Throwable t) {
    while (t instanceof CompletionException && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
