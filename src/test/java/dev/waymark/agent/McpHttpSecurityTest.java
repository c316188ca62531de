package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.apply.Capabilities;
import dev.waymark.session.AuthoringSession;
import dev.waymark.risk.RuleRiskGate;
import dev.waymark.session.FakeSessionBrowser;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The studio's MCP endpoint refuses, before any tool runs, what is not a local agent holding the token: a web page's
 * Origin, a DNS-rebinding Host, another port's Host, a missing or wrong token. Each refusal is counted; the tool
 * counter stays at zero until a request that passes every check calls a tool.
 */
class McpHttpSecurityTest {
  private static final String INIT = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
      + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"probe\",\"version\":\"1\"}}}";
  private static final String CALL = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"task_state\","
      + "\"arguments\":{\"task_id\":\"t-1\"}}}";

  private AuthoringSession session;
  private McpHttpEndpoint endpoint;
  private WaymarkMcp tools;
  private McpToken token;

  @BeforeEach
  void start() throws IOException {
    session = new AuthoringSession(new AuthoringSession.Config(new FakeSessionBrowser(null), new RuleRiskGate(), null, null,
        Runnable::run, 0));
    AgentTasks tasks = new AgentTasks(session, AgentTasks.Host.of(Map.of(), Capabilities.ALL));
    tools = new WaymarkMcp(tasks, new WorkflowRuns((w, v, l) -> { throw new IllegalStateException("no replays here"); },
        Map::of, session::policy));
    token = McpToken.generate();
    endpoint = McpHttpEndpoint.start(tools, token, 0);
  }

  @AfterEach
  void stop() {
    endpoint.close();
    session.close();
  }

  private record Reply(int status, String head, String body) {}

  /** One raw HTTP/1.1 POST, so the test sets Host and Origin as a browser or an attacker would. */
  private Reply post(String host, String origin, String authorization, String body) throws IOException {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), endpoint.port())) {
      s.setSoTimeout(10_000);
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      StringBuilder req = new StringBuilder("POST /mcp HTTP/1.1\r\n");
      if (host != null) req.append("Host: ").append(host).append("\r\n");
      if (origin != null) req.append("Origin: ").append(origin).append("\r\n");
      if (authorization != null) req.append("Authorization: ").append(authorization).append("\r\n");
      req.append("Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n");
      req.append("Content-Length: ").append(bytes.length).append("\r\nConnection: close\r\n\r\n");
      OutputStream out = s.getOutputStream();
      out.write(req.toString().getBytes(StandardCharsets.US_ASCII));
      out.write(bytes);
      out.flush();
      InputStream in = s.getInputStream();
      String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int split = all.indexOf("\r\n\r\n");
      String head = split < 0 ? all : all.substring(0, split);
      int status = Integer.parseInt(head.split(" ", 3)[1]);
      return new Reply(status, head, split < 0 ? "" : all.substring(split + 4));
    }
  }

  private String here() {
    return "127.0.0.1:" + endpoint.port();
  }

  private String bearer() {
    return "Bearer " + token.reveal();
  }

  @Test
  void everyRequestThatIsNotALocalAgentWithTheTokenIsRefusedBeforeAnyToolRuns() throws IOException {
    // A page on another site posting with its own Origin (CSRF from the browser).
    assertThat(post(here(), "https://evil.example", bearer(), CALL).status()).isEqualTo(403);
    assertThat(post(here(), "null", bearer(), CALL).status()).isEqualTo(403);
    assertThat(post(here(), "http://127.0.0.1:1", bearer(), CALL).status()).isEqualTo(403);
    // DNS rebinding: the attacker's name resolves to 127.0.0.1, so the Host header names it.
    assertThat(post("evil.example:" + endpoint.port(), null, bearer(), CALL).status()).isEqualTo(421);
    assertThat(post("127.0.0.1:1", null, bearer(), CALL).status()).isEqualTo(421);
    assertThat(post(null, null, bearer(), CALL).status()).isIn(400, 421);
    // No token, a wrong one, another scheme, the token in the wrong place.
    Reply none = post(here(), null, null, CALL);
    assertThat(none.status()).isEqualTo(401);
    assertThat(none.head()).containsIgnoringCase("WWW-Authenticate: Bearer");
    assertThat(post(here(), null, "Bearer " + McpToken.generate().reveal(), CALL).status()).isEqualTo(401);
    assertThat(post(here(), null, "Basic " + token.reveal(), CALL).status()).isEqualTo(401);
    assertThat(post(here(), null, "Bearer", CALL).status()).isEqualTo(401);

    assertThat(endpoint.refused(McpHttpEndpoint.Refusal.ORIGIN)).isEqualTo(3);
    assertThat(endpoint.refused(McpHttpEndpoint.Refusal.HOST)).isGreaterThanOrEqualTo(2);
    assertThat(endpoint.refused(McpHttpEndpoint.Refusal.TOKEN)).isEqualTo(4);
    assertThat(tools.toolCalls()).as("no tool ran").isZero();
  }

  @Test
  void aLocalAgentWithTheTokenReachesTheToolsAndTheRefusalTextNeverHoldsTheToken() throws IOException {
    Reply init = post(here(), null, bearer(), INIT);
    assertThat(init.status()).as(init.head()).isEqualTo(200);
    assertThat(init.body()).contains("waymark");
    Reply refused = post(here(), null, "Bearer wrong", CALL);
    assertThat(refused.body()).doesNotContain(token.reveal());
    assertThat(post("localhost:" + endpoint.port(), "http://localhost:" + endpoint.port(), bearer(), INIT).status()).isEqualTo(200);
  }

  @Test
  void theTokenIsKeptOwnerOnlyAndTheSameAcrossStarts(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws IOException {
    McpToken first = McpToken.loadOrCreate(dir);
    McpToken again = McpToken.loadOrCreate(dir);
    assertThat(again.reveal()).isEqualTo(first.reveal());
    assertThat(java.nio.file.Files.getPosixFilePermissions(dir.resolve(McpToken.FILE_NAME)))
        .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    assertThat(first.toString()).doesNotContain(first.reveal());
    assertThat(McpToken.regenerate(dir).reveal()).isNotEqualTo(first.reveal());
  }
}
