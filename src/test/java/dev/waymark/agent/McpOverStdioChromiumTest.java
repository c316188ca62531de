package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.bridge.ChromiumLauncher;
import dev.waymark.bridge.LaunchedBrowser;
import dev.waymark.bridge.PairingSecret;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.Cdp;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import dev.waymark.workflow.Json;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code waymark mcp} as an agent starts it: a child process on stdio, driven by the SDK's stdio client. It waits for
 * the person's own browser on {@code --port}; the test starts that browser, paired with the same pairing code, and
 * answers approvals in its side panel as the person would. Then {@code waymark run} replays the exported workflow.
 */
@RealBrowser
class McpOverStdioChromiumTest {
  private static final String MESSAGE = "stdio-canary-2718";

  @TempDir
  Path dir;

  @Test
  void anAgentOnStdioAuthorsAWorkflowThePersonApprovesInChromeAndRunReplaysIt() throws Exception {
    Path config = Files.createDirectories(dir.resolve("config"));
    PairingSecret secret = PairingSecret.loadOrCreate(config);
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    Path values = dir.resolve("values.txt");
    Files.writeString(values, "message=" + MESSAGE + "\n");
    Files.setPosixFilePermissions(values, PosixFilePermissions.fromString("rw-------"));
    List<String> stderr = new CopyOnWriteArrayList<>();
    ServerParameters params = ServerParameters.builder(java())
        .args(List.of("-Dwaymark.config.dir=" + config, "-cp", System.getProperty("java.class.path"), "dev.waymark.Main",
            "mcp", "--port", String.valueOf(port), "--approve", "ask", "--ask-on", "chrome", "--values-file", values.toString()))
        .build();
    StdioClientTransport transport = new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
    transport.setStdErrorHandler(stderr::add);
    // The server answers once a browser is paired, so the client starts first and waits for its initialize.
    CompletableFuture<AgentClient> connecting = CompletableFuture.supplyAsync(() -> AgentClient.over(transport));
    await().atMost(Duration.ofSeconds(60)).alias("the mcp command listening on " + port).until(() -> listening(port));

    LaunchedBrowser chromium = null;
    Cdp cdp = null;
    try (PageServer pages = new PageServer()) {
      chromium = ChromiumLauncher.launch(ChromiumLauncher.Options.defaults().withChromium(Browsers.chromium())
          .withHeadless(true).withRemoteDebugging(true), dir.resolve("browser-config"), port, secret);
      cdp = Cdp.connect(chromium.devToolsPort(Duration.ofSeconds(20)).orElseThrow());
      try (AgentClient agent = connecting.get(90, TimeUnit.SECONDS)) {
        AgentClient.Answer a = agent.call("task_start", Map.of("goal", "Send the support message",
            "start_url", pages.url("agent/desk.html"), "variables", Map.of("message", "what to tell support")));
        assertThat(a.error()).as(a + "\n" + stderr).isFalse();
        String page = pageTarget(cdp);

        AgentClient.Answer stale = agent.call("task_respond", Map.of("task_id", a.taskId(), "interaction_generation", 7,
            "action", Map.of("kind", "type", "ref", a.ref("Message"), "text", "{{ message }}")));
        assertThat(stale.error()).isTrue();
        assertThat(stale.text()).contains("stale");

        a = agent.respond(a, Map.of("kind", "type", "ref", a.ref("Message"), "text", "{{ message }}"));
        assertThat(a.error()).as(a.toString()).isFalse();
        assertThat(cdp.evaluate(page, "document.getElementById('msg').value").asText()).isEqualTo(MESSAGE);

        AgentClient.Answer typed = a;
        CompletableFuture<AgentClient.Answer> first = CompletableFuture.supplyAsync(
            () -> agent.respond(typed, Map.of("kind", "click", "ref", typed.ref("Send message"))));
        answerInSidePanel(cdp, false, "not yet");
        AgentClient.Answer rejected = first.get(60, TimeUnit.SECONDS);
        assertThat(rejected.error()).isTrue();
        assertThat(rejected.text()).contains("rejected", "not yet");
        assertThat(log(cdp, page)).isEmpty();

        CompletableFuture<AgentClient.Answer> second = CompletableFuture.supplyAsync(
            () -> agent.respond(rejected, Map.of("kind", "click", "ref", rejected.ref("Send message"))));
        answerInSidePanel(cdp, true, null);
        a = second.get(60, TimeUnit.SECONDS);
        assertThat(a.error()).as(a.toString()).isFalse();
        assertThat(log(cdp, page)).containsExactly("sent:" + MESSAGE);
        // The page's own text comes with the observation, so the agent can read what its step did.
        assertThat(a.text()).contains("Message sent");

        // Exported now, while it replays without a person; the task goes on through the other gates.
        AgentClient.Answer exported = agent.call("task_export", Map.of("task_id", a.taskId(), "path", dir.resolve("send.yaml").toString()));
        assertThat(exported.error()).as(exported.toString()).isFalse();

        AgentClient.Answer sent = a;
        CompletableFuture<AgentClient.Answer> deleting = CompletableFuture.supplyAsync(
            () -> agent.respond(sent, Map.of("kind", "click", "ref", sent.ref("Delete Old draft"))));
        answerInSidePanel(cdp, true, null);
        a = deleting.get(60, TimeUnit.SECONDS);
        assertThat(a.text()).contains("dismissed", "acceptDialog: true");
        AgentClient.Answer dismissed = a;
        CompletableFuture<AgentClient.Answer> accepting = CompletableFuture.supplyAsync(() -> agent.respond(dismissed,
            Map.of("kind", "click", "ref", dismissed.ref("Delete Old draft"), "acceptDialog", true)));
        answerInSidePanel(cdp, true, null);
        a = accepting.get(60, TimeUnit.SECONDS);
        assertThat(a.error()).as(a.toString()).isFalse();
        assertThat(log(cdp, page)).containsExactly("sent:" + MESSAGE, "confirm:false", "confirm:true");

        AgentClient.Answer deleted = a;
        CompletableFuture<AgentClient.Answer> downloading = CompletableFuture.supplyAsync(() -> agent.respond(deleted,
            Map.of("kind", "click", "ref", deleted.ref("Export CSV"), "allowDownload", true)));
        answerInSidePanel(cdp, true, null);
        a = downloading.get(60, TimeUnit.SECONDS);
        assertThat(a.error()).as(a.toString()).isFalse();
        String saved = a.data().path("last_turn").path("outcome").path("downloads").get(0).path("saved_to").asText();
        assertThat(saved).as(a.toString()).isNotBlank();
        await().atMost(Duration.ofSeconds(10)).until(() -> Files.exists(Path.of(saved)));
        Files.deleteIfExists(Path.of(saved));

        AgentClient.Answer before = a;
        CompletableFuture<AgentClient.Answer> signing = CompletableFuture.supplyAsync(() -> agent.respond(before,
            Map.of("kind", "user_step", "reason", "Sign in with your passkey", "method", "passkey", "until_text", "Signed in as Ada")));
        // The person's own sign-in; the call waits for it and comes back with the fresh page.
        await().atMost(Duration.ofSeconds(30)).until(() -> !agent.progress.isEmpty()
            && agent.progress.get(agent.progress.size() - 1).contains("Sign in with your passkey"));
        cdp.evaluate(page, "document.getElementById('signin').click(), 1");
        a = signing.get(60, TimeUnit.SECONDS);
        assertThat(a.error()).as(a.toString()).isFalse();
        assertThat(log(cdp, page)).endsWith("signin");

        a = agent.respond(a, Map.of("kind", "handoff", "summary", "Check the drafts yourself"));
        assertThat(a.error()).as(a.toString()).isFalse();
        assertThat(a.text()).contains("Handed off");
        assertThat(String.join("\n", stderr)).doesNotContain(MESSAGE);
        assertThat(exported.text() + a.text()).doesNotContain(MESSAGE);
      }
    } finally {
      if (cdp != null) cdp.close();
      if (chromium != null) chromium.close();
    }
    String yaml = Files.readString(dir.resolve("send.yaml"));
    assertThat(yaml).contains("{{ message }}").doesNotContain(MESSAGE);
    String journals = journals(config.resolve("sessions"));
    assertThat(journals).isNotBlank().doesNotContain(MESSAGE);

    // The person replays it with run (its own headless browser), values from the same file.
    try (PageServer pages = new PageServer()) {
      String retargeted = yaml.replaceAll("http://127\\.0\\.0\\.1:\\d+/", pages.url(""));
      Files.writeString(dir.resolve("send-here.yaml"), retargeted);
      List<String> cmd = new ArrayList<>(List.of(java(), "-Dwaymark.config.dir=" + config, "-cp", System.getProperty("java.class.path"),
          "dev.waymark.Main", "run", dir.resolve("send-here.yaml").toString(), "--values-file", values.toString(), "--headless",
          "--chromium", Browsers.chromium().toString()));
      Process run = new ProcessBuilder(cmd).redirectErrorStream(false)
          .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())).start();
      CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(run.getErrorStream()));
      String out = read(run.getInputStream());
      assertThat(run.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(run.exitValue()).as(out + "\n" + err.get()).isZero();
      assertThat(out).contains("\"ok\":true").doesNotContain(MESSAGE);
    }
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static boolean listening(int port) {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }

  private static String journals(Path sessions) throws IOException {
    if (!Files.isDirectory(sessions)) return "";
    StringBuilder b = new StringBuilder();
    try (var files = Files.walk(sessions)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) b.append(Files.readString(f));
    }
    return b.toString();
  }

  private static String pageTarget(Cdp cdp) throws Exception {
    for (var t : cdp.targets()) {
      if ("page".equals(t.path("type").asText()) && t.path("url").asText().contains("/agent/desk.html")) {
        return t.path("targetId").asText();
      }
    }
    throw new IllegalStateException("no desk page among " + cdp.targets());
  }

  private static List<String> log(Cdp cdp, String page) throws Exception {
    String json = cdp.evaluate(page, "JSON.stringify(window.__log || [])").asText();
    return List.of(Json.mapper().readValue(json, String[].class));
  }

  /** The person answers in the side panel; its card appears once the step waits. */
  private static void answerInSidePanel(Cdp cdp, boolean approve, String reason) throws Exception {
    String target = cdp.createTarget("chrome-extension://" + dev.waymark.bridge.ExtensionId.WAYMARK + "/sidepanel.html");
    try {
      cdp.waitForText(target, "document.getElementById('approve') ? 'ready' : ''", "ready", Duration.ofSeconds(30));
      if (approve) {
        cdp.evaluate(target, "document.getElementById('approve').click(), 1");
      } else {
        cdp.evaluate(target, "document.getElementById('reject-reason').value = " + Json.write(reason)
            + ", document.getElementById('reject').click(), 1");
      }
      cdp.waitForText(target, "document.getElementById('approve') ? '' : 'gone'", "gone", Duration.ofSeconds(30));
    } finally {
      cdp.closeTarget(target);
    }
  }
}
