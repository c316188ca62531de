package dev.waymark.bridge;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.observe.PagePicture;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The studio's handle on the browser: starts the bridge server and offers one method per request
 * of docs/protocol.md. Every method returns a future completed on the bridge's dispatch thread;
 * nothing here blocks, holds session state or touches the UI.
 */
public final class BrowserClient implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BrowserClient.class);

  private final BridgeServer server;
  private final PairingSecret secret;
  private final ObjectMapper mapper;
  private final StepLedger ledger;
  // "trusted", "page", or null: the browser's own default (trusted in a browser Waymark launched)
  private volatile String input;
  private final List<CompletableFuture<ClientInfo>> waiters;
  private volatile String pinnedClient;
  /** The client that owns the server; a task's view shares it (its switches, pin, ledger and waiters). */
  private final BrowserClient root;
  /** The studio's task the requests belong to ({@code task} on the wire), or null for the studio's own session. */
  private final String task;
  private final StepSender steps = new StepSender(this);
  private final PageReadings readings = new PageReadings(this);

  private BrowserClient(BridgeServer server, PairingSecret secret) {
    this.server = server;
    this.secret = secret;
    this.mapper = server.codec().mapper();
    this.ledger = new StepLedger();
    this.waiters = new CopyOnWriteArrayList<>();
    this.root = this;
    this.task = null;
    server.setLateReplyHandler(steps::lateReply);
    server.addListener(new BridgeListener() {
      @Override
      public void connected(ClientInfo client) {
        waiters.removeIf(w -> w.complete(client) || w.isDone());
      }
    });
  }

  private BrowserClient(BrowserClient root, String task) {
    this.server = root.server;
    this.secret = root.secret;
    this.mapper = root.mapper;
    this.ledger = root.ledger;
    this.waiters = root.waiters;
    this.root = root;
    this.task = task;
  }

  /**
   * The same browser for one of the studio's tasks: every request names {@code task}, so the extension gives the
   * task a tab of its own (docs/protocol.md, "Several tasks"), its own tabs and sites, and the side panel says which
   * task asks. Shares this client's connection, switches and ledger; closing the view closes nothing.
   */
  public BrowserClient forTask(String task) {
    if (task == null || task.isBlank()) throw new IllegalArgumentException("a task needs a name");
    return new BrowserClient(root, task.strip());
  }

  /** The task this client's requests name, or null for the studio's own session. */
  public String task() {
    return task;
  }

  ObjectMapper mapper() { return mapper; }

  /** The browser every request goes to unless a step names another (null: the most recently paired). */
  String pinnedClient() { return root.pinnedClient; }

  /** The input switch steps carry ("trusted", "page", or null: the extension's default). */
  String input() { return root.input; }

  ObjectNode message(MessageType type) {
    ObjectNode m = server.codec().message(type);
    if (task != null) m.put("task", task);
    return m;
  }

  /** Starts the bridge with the pairing secret stored in the config folder (created on first use). */
  public static BrowserClient start(BridgeConfig config) throws BridgeStartException, IOException {
    return start(config, PairingSecret.loadOrCreate(config.configDir()));
  }

  /** Starts the bridge with a given secret. */
  public static BrowserClient start(BridgeConfig config, PairingSecret secret) throws BridgeStartException {
    return new BrowserClient(BridgeServer.start(config, secret), secret);
  }

  /** The server (port, stats, listeners, clients). */
  public BridgeServer server() {
    return server;
  }

  /** The bound port. */
  public int port() {
    return server.port();
  }

  /** The code the person pastes into the extension popup. Show it only to the person; never log it. */
  public String pairingCode() {
    return secret.displayCode();
  }

  PairingSecret secret() {
    return secret;
  }

  /** The studio's record of sent steps. */
  public StepLedger ledger() {
    return ledger;
  }

  /** Sends requests to this client id (null: the most recently paired browser). */
  public void useClient(String clientId) {
    root.pinnedClient = clientId;
  }

  /** The browser requests go to, if one is paired. */
  public Optional<ClientInfo> client() {
    String pinned = root.pinnedClient;
    if (pinned != null) {
      return server.clients().stream().filter(c -> c.clientId().equals(pinned)).findFirst();
    }
    return server.currentClient();
  }

  /** Whether a browser is paired. */
  public boolean isConnected() {
    return client().isPresent();
  }

  /** Completes when a browser is paired (at once when one already is). */
  public CompletableFuture<ClientInfo> awaitConnected() {
    CompletableFuture<ClientInfo> f = new CompletableFuture<>();
    waiters.add(f);
    client().ifPresent(f::complete);
    if (f.isDone()) {
      waiters.remove(f);
    }
    return f;
  }

  /** Adds a listener for connect, disconnect and browser events. */
  public void addListener(BridgeListener listener) {
    server.addListener(listener);
  }

  /** Removes a listener. */
  public void removeListener(BridgeListener listener) {
    server.removeListener(listener);
  }

  /** Observes a tab: the PageObservation JSON with the spec's names. */
  public CompletableFuture<ObserveResult> observe(ObserveOptions options) {
    return readings.observe(options);
  }

  /**
   * Observes a tab once its network is quiet: no request open, none of the page's own work (a script, fetch, XHR or
   * frame) for {@code quietMs}, and a loaded page past its load; at most {@code limitMs}, then as it is. The reply's
   * {@link ObserveResult#settled()} is null from an extension that cannot wait (it read at once).
   */
  public CompletableFuture<ObserveResult> observeSettled(ObserveOptions options, long quietMs, long limitMs) {
    return readings.observeSettled(options, quietMs, limitMs);
  }

  /**
   * Whether clicks, keys and typing are dispatched through Chrome's debugger (trusted: a page that checks
   * {@code isTrusted} or opens a window from its click handler accepts them) rather than left to the browser's
   * default: trusted in a browser Waymark launched (started without the "being debugged" bar), page-script
   * events in the person's own browser, where Chrome shows its bar. Applies to the steps sent from now on.
   */
  public void useTrustedInput(boolean on) {
    root.input = on ? "trusted" : null;
  }

  /** Page-script events for every step from now on, also in a browser Waymark launched (the fallback, for comparison). */
  public void usePageInput() {
    root.input = "page";
  }

  /** Same as {@link #useTrustedInput}: the switch was named for clicks before it covered keys and typing. */
  public void useTrustedClicks(boolean on) {
    useTrustedInput(on);
  }

  /**
   * Performs one step in the task tab. The step id is sent at most once. Completes normally once
   * the step was sent: with the extension's result, or with an {@link PerformResult#uncertain}
   * result when the connection dropped or no reply came within {@code timeoutMs} plus a grace
   * period. Completes exceptionally with {@link BridgeException.NotConnected} when nothing was sent,
   * or {@link IllegalStateException} when the id was sent before.
   *
   * @param step   the Step JSON (spec names) or any object Jackson writes as one (the Step record)
   * @param values only the real values the step's tokens need; they are never logged or stored
   */
  public CompletableFuture<PerformResult> perform(String stepId, Object step, Map<String, String> values, long timeoutMs) {
    return perform(stepId, step, values, Map.of(), timeoutMs);
  }

  /**
   * Same, for an upload step: {@code files} maps each file placeholder of the step's value (the
   * token name) to the file's name, type and contents. The contents go to the extension only;
   * no reply echoes them.
   */
  public CompletableFuture<PerformResult> perform(String stepId, Object step, Map<String, String> values,
      Map<String, UploadFile> files, long timeoutMs) {
    return perform(stepId, step, values, files, timeoutMs, null, null);
  }

  /**
   * Same, naming the workflow the step travels in ({@code workflow_id} on the message, echoed in the reply) and
   * the client to drive: {@code clientHint} is honoured when that browser is connected, otherwise the step goes
   * where every other request goes (the pinned or the most recently paired browser).
   */
  public CompletableFuture<PerformResult> perform(String stepId, Object step, Map<String, String> values,
      Map<String, UploadFile> files, long timeoutMs, String workflowId, String clientHint) {
    return perform(stepId, step, values, files, timeoutMs, workflowId, clientHint, false);
  }

  /**
   * Same; with {@code identity} the extension checks the element against the step's {@code target} before acting
   * and heals to it when the selector no longer leads there (replay). Authoring has just observed the element.
   */
  public CompletableFuture<PerformResult> perform(String stepId, Object step, Map<String, String> values,
      Map<String, UploadFile> files, long timeoutMs, String workflowId, String clientHint, boolean identity) {
    return steps.perform(stepId, step, values, files, timeoutMs, workflowId, clientHint, identity);
  }

  /** Asks the extension what became of a step id (after a reconnect). */
  public CompletableFuture<StepStatus> status(String stepId) {
    return steps.status(stepId);
  }

  /**
   * Asks the extension to stop the running step {@code stepId} (its wire id) at its next check: a long extractList
   * ends with the rows read so far, marked truncated, its effect saying the person stopped it. Completes with
   * whether such a step was running; false (nothing changed) for a step that has ended or is of another type,
   * which is never stopped half-way.
   */
  public CompletableFuture<Boolean> cancel(String stepId) {
    ObjectNode m = message(MessageType.CANCEL);
    m.put("step_id", stepId);
    return send(m, server.config().requestTimeout()).thenApply(r -> {
      boolean running = r.path("running").asBoolean(false);
      if (!running) LOG.info("Cancel of step {}: {}", stepId, r.path("error").asText("nothing was running"));
      return running;
    });
  }

  /** Outlines the element(s) a Selector picks in the task tab; null clears the highlight. */
  public CompletableFuture<Boolean> highlight(Object selector) {
    return readings.highlight(selector);
  }

  /**
   * A JPEG of the task tab's visible part, the element {@code selector} picks outlined (null: none), for a report.
   * Fails when the browser cannot take one (the tab is not visible in a browser Waymark did not launch).
   */
  public CompletableFuture<byte[]> screenshot(Object selector) {
    return readings.screenshot(selector);
  }

  /**
   * A picture of the task tab's visible part with the boxes of {@code refs} (ref to Selector), the elements
   * {@code blur} picks and every password field blurred in the page while it is taken.
   */
  public CompletableFuture<PagePicture> picture(Map<String, ?> refs, List<?> blur) {
    return readings.picture(refs, blur);
  }

  /** The browser's tabs, the task tab marked. */
  public CompletableFuture<List<TabInfo>> tabs() {
    ObjectNode m = message(MessageType.TABS);
    return send(m, server.config().requestTimeout()).thenApply(r ->
        mapper.convertValue(r.path("tabs"), new TypeReference<List<TabInfo>>() { }));
  }

  /** Starts or stops recording the person's actions (take-over); they arrive as user_action events. */
  public CompletableFuture<Boolean> record(boolean on) {
    return record(on, null, Map.of());
  }

  /**
   * Starts or stops recording; with {@code salt} (base64url) and {@code digests} (variable name to the hex
   * SHA-256 of salt bytes then the value's UTF-8), text the person types that equals a declared value comes back
   * as its {@code {{ token }}}, and other text typed into a password field as a mask.
   */
  public CompletableFuture<Boolean> record(boolean on, String salt, Map<String, String> digests) {
    ObjectNode m = message(MessageType.RECORD);
    m.put("on", on);
    if (on && salt != null && digests != null && !digests.isEmpty()) {
      ObjectNode tokens = m.putObject("tokens");
      tokens.put("salt", salt);
      ObjectNode values = tokens.putObject("values");
      digests.forEach(values::put);
    }
    return send(m, server.config().requestTimeout()).thenApply(r -> {
      okOrRefuse(r, "record");
      return r.path("on").asBoolean(on);
    });
  }

  /**
   * Tells the extension how the trusted input it asked for ({@code trusted_input} event {@code request}) went:
   * {@code sent} actions reached the browser, {@code error} null when all did. Completes with whether a step was
   * still waiting for it.
   */
  public CompletableFuture<Boolean> trustedInputDone(String request, int sent, String error) {
    ObjectNode m = message(MessageType.TRUSTED_INPUT_DONE);
    m.put("request", request);
    m.put("sent", sent);
    if (error != null) m.put("error", error);
    return send(m, server.config().requestTimeout()).thenApply(r -> r.path("ok").asBoolean(false));
  }

  /** What the person is shown in the browser's side panel (cards, userSteps, the activity line), for this task. */
  public BrowserPanel panel() {
    return new BrowserPanel(this);
  }

  /**
   * Ends the studio's control of the browser: the extension resets what it changed for the task
   * (the task tab's viewport). Completes with whether a viewport override was removed.
   */
  public CompletableFuture<Boolean> release() {
    ObjectNode m = message(MessageType.RELEASE);
    return send(m, server.config().requestTimeout()).thenApply(r -> {
      okOrRefuse(r, "release");
      return r.path("viewport_reset").asBoolean(false);
    });
  }

  /** Stops the server and its threads; pending requests fail as connection lost. */
  @Override
  public void close() {
    if (root != this) return;
    server.close();
    waiters.forEach(w -> w.completeExceptionally(new BridgeException.NotConnected("The bridge was closed")));
  }

  CompletableFuture<ObjectNode> send(ObjectNode message, Duration timeout) {
    return server.request(root.pinnedClient, message, timeout);
  }

  static void okOrRefuse(ObjectNode reply, String what) {
    if (!reply.path("ok").asBoolean(false)) throw new BridgeException.Refused(reply.path("error").asText(what + " failed in the browser"));
  }

  <T> T convert(JsonNode node, Class<T> type) {
    try {
      return mapper.treeToValue(node, type);
    } catch (IOException e) {
      throw new BridgeException.Refused("The browser's " + type.getSimpleName() + " reply could not be read");
    }
  }
}
