package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.waymark.agent.TaskException;
import dev.waymark.agent.TaskReply;
import dev.waymark.agent.WorkflowRuns;
import dev.waymark.replay.BridgeReplayBrowser;
import dev.waymark.replay.WorkflowRunner;
import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.secrets.KeyringStore;
import dev.waymark.secrets.SecretStore;
import dev.waymark.secrets.ValuesFrom;
import dev.waymark.secrets.VariableApprovals;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.testing.KeePassFiles;
import dev.waymark.testing.RealBrowser;
import dev.waymark.testing.SecretServiceDaemon;
import dev.waymark.ui.replay.ReplayVault;
import dev.waymark.ui.replay.ReplayViewModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A workflow that needs a password replays with the value from the person's vault — the OS keyring (a real GNOME
 * Keyring on a dbus-daemon of the test's own) and a KeePass KDBX 4 file — through {@code workflow_run} (after the person
 * approved it with {@code waymark approvals add}; refused before, and after a revoke) and through the studio's Replay
 * window (which asks once, then runs). The canary password reaches the page and nothing else: the agent's answers,
 * the window's status, rows and stored data, the approvals file and every file left are scanned in every encoding.
 */
@RealBrowser
@org.junit.jupiter.api.parallel.ResourceLock(SecretServiceDaemon.LOCK)
class VaultReplayChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create().withTrustedDefault();

  @TempDir
  Path dir;

  private final List<String> hits = new ArrayList<>();

  private Path workflow(String name) throws IOException {
    return Files.writeString(dir.resolve(name + ".yaml"), "id: " + name + "\nname: Sign in to Acme (" + name + ")\n"
        + "variables:\n  password: the account's password\nsteps:\n"
        + "  - id: s1\n    type: navigate\n    url: " + browser.pageUrl("author/signin.html") + "\n"
        + "  - id: s2\n    type: fill\n    selector: {css: \"#email\"}\n    value: ada@example.com\n"
        + "  - id: s3\n    type: fill\n    selector: {css: \"#password\"}\n    value: \"{{ password }}\"\n");
  }

  private static WorkflowRuns runs(SecretStore store, VariableApprovals approvals) {
    return new WorkflowRuns((wf, vals, lines) -> new WorkflowRunner(new BridgeReplayBrowser(browser.client()))
        .run(wf, WorkflowRunner.Options.of(vals).withListeners(r -> { }, lines)), Map::of, ApprovalPolicy::defaults)
        .withVault(store, approvals);
  }

  private void scan(String where, String text, String canary) {
    CanarySweepChromiumTest.forms(canary).forEach((form, s) -> {
      if (text.contains(s)) hits.add(form + " in " + where);
    });
  }

  private void scanTree(Path root, String canary) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".kdbx")).toList()) {
        scan(f.toString(), Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1), canary);
        scan(f.toString(), new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.UTF_8), canary);
      }
    }
  }

  private String approvals(String... args) {
    StringWriter out = new StringWriter();
    CommandLine cl = new CommandLine(new ApprovalsCommand(dir.resolve("agent-approvals.json")));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(out, true));
    assertThat(cl.execute(args)).as(out.toString()).isZero();
    return out.toString();
  }

  /** workflow_run: refused until the person approves, then typed from the store, refused again after a revoke. */
  private void throughWorkflowRun(SecretStore store, Path wf, String canary) throws Exception {
    VariableApprovals approvals = new VariableApprovals(dir.resolve("agent-approvals.json"));
    WorkflowRuns runs = runs(store, approvals);
    browser.open("about:blank");
    assertThatThrownBy(() -> runs.run(wf, line -> { })).isInstanceOf(TaskException.class)
        .hasMessageContaining("{{ password }}").hasMessageContaining("waymark approvals add " + wf + " password")
        .hasMessageContaining(store.describe());
    scan("approvals add", approvals("add", wf.toString()), canary);
    List<String> progress = new ArrayList<>();
    TaskReply reply = runs.run(wf, progress::add);
    assertThat(reply.text()).startsWith("The replay passed");
    assertThat(browser.eval("document.getElementById('password').value").asText()).isEqualTo(canary);
    scan("workflow_run reply", reply.text() + dev.waymark.workflow.Json.write(reply.structured()), canary);
    scan("workflow_run progress", String.join("\n", progress), canary);
    scan("approvals file", Files.readString(approvals.file()), canary);
    scan("approvals list", approvals("list"), canary);
    approvals("revoke", wf.toString());
    assertThatThrownBy(() -> runs.run(wf, line -> { })).hasMessageContaining("waymark approvals add");
  }

  /** The Replay window: Run asks, Allow runs with the value, Revoke makes Run ask again. */
  private void throughTheReplayWindow(ReplayVault vault, Path wf, String canary) throws Exception {
    browser.open("about:blank");
    ReplayViewModel vm = new ReplayViewModel(Runnable::run, () -> new BridgeReplayBrowser(browser.client()));
    vm.useVault(vault);
    vm.load(wf.getFileName().toString(), Files.readString(wf));
    assertThat(vm.statusProperty().get()).contains("{{ password }}", vault.store().describe());
    vm.run();
    await().atMost(Duration.ofSeconds(20)).until(() -> !vm.approvalNeededProperty().get().isEmpty());
    assertThat(vm.approvalNeededProperty().get()).containsExactly("password");
    assertThat(vm.statusProperty().get()).startsWith("Allow this workflow to take {{ password }}");
    assertThat(browser.eval("document.getElementById('password').value").asText()).isEmpty();
    vm.approve();
    await().atMost(Duration.ofSeconds(30)).until(() -> vm.statusProperty().get().startsWith("Replayed every step"));
    assertThat(browser.eval("document.getElementById('password').value").asText()).isEqualTo(canary);
    StringBuilder shown = new StringBuilder(vm.statusProperty().get());
    vm.rows().forEach(r -> shown.append('\n').append(r));
    vm.stored().forEach(s -> shown.append('\n').append(s));
    // Once allowed, the next Run asks nothing.
    browser.open("about:blank");
    vm.run();
    await().atMost(Duration.ofSeconds(30)).until(() -> !vm.runningProperty().get()
        && vm.statusProperty().get().startsWith("Replayed every step"));
    assertThat(vm.approvalNeededProperty().get()).isEmpty();
    vm.revokeApproval();
    await().atMost(Duration.ofSeconds(10)).until(() -> vm.statusProperty().get().startsWith("Revoked"));
    vm.run();
    await().atMost(Duration.ofSeconds(20)).until(() -> !vm.approvalNeededProperty().get().isEmpty());
    vm.declineApproval();
    assertThat(vm.statusProperty().get()).startsWith("Not run");
    scan("replay window", shown.toString(), canary);
  }

  private static String[] run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = new CommandLine(new RunCommand(browser.client()));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new String[] {String.valueOf(code), out.toString(), err.toString()};
  }

  private void checkMcp(dev.waymark.agent.McpVaultSession.Outputs mcp, String canary) {
    assertThat(mcp.refusedFirst()).as(mcp.agentSaw() + "\n" + mcp.stderr()).isTrue();
    assertThat(mcp.signedIn()).as(mcp.agentSaw() + "\n" + mcp.stderr()).isTrue();
    assertThat(mcp.stderr()).contains("DEBUG");
    scan("mcp what the agent saw", mcp.agentSaw(), canary);
    scan("mcp stderr (debug)", mcp.stderr(), canary);
  }

  @Test
  void aPasswordFromTheOsKeyringReplaysThroughWorkflowRunAndTheReplayWindowAndLeaksNowhere() throws Exception {
    String canary = CanarySweepChromiumTest.canary();
    try (SecretServiceDaemon daemon = SecretServiceDaemon.start(); KeyringStore keyring = new KeyringStore()) {
      keyring.store("password", canary);
      throughWorkflowRun(keyring, workflow("keyring-agent"), canary);
      throughTheReplayWindow(new ReplayVault(keyring, new VariableApprovals(dir.resolve("studio-approvals.json"))),
          workflow("keyring-studio"), canary);
      // waymark run --values-from keyring, as the person types it (no approval: it is their own command).
      browser.open("about:blank");
      String[] run = run(workflow("keyring-run").toString(), "--values-from", "keyring");
      assertThat(run[0]).as(run[1] + run[2]).isEqualTo("0");
      assertThat(browser.eval("document.getElementById('password').value").asText()).isEqualTo(canary);
      scan("run stdout", run[1], canary);
      scan("run stderr", run[2], canary);
      String[] none = run(Files.writeString(dir.resolve("pin.yaml"), Files.readString(workflow("keyring-pin"))
          .replace("password", "pin")).toString(), "--values-from", "keyring");
      assertThat(none[0]).isEqualTo(String.valueOf(RunCommand.EXIT_MISSING_VALUE));
      assertThat(none[2]).contains("no value for {{ pin }}", "the OS keyring", "service waymark");
      // waymark mcp --values-from keyring in a child JVM at debug level: its logs (the D-Bus libraries' too) are scanned.
      dev.waymark.agent.McpVaultSession.Outputs mcp = dev.waymark.agent.McpVaultSession.run(Files.createDirectories(dir.resolve("mcp")),
          browser.pageUrl("author/signin.html"), "keyring", List.of("-DDBUS_SESSION_BUS_ADDRESS=" + daemon.address()), Map.of());
      checkMcp(mcp, canary);
      keyring.forget("password");
    }
    scanTree(dir, canary);
    assertThat(hits).as("canary hits").isEmpty();
  }

  @Test
  void aPasswordFromAKeePassFileReplaysThroughWorkflowRunAndTheReplayWindowAndLeaksNowhere() throws Exception {
    String canary = CanarySweepChromiumTest.canary();
    Path kdbx = KeePassFiles.create(dir.resolve("vault.kdbx"), "master of keys", Map.of("password", canary));
    SecretStore kp = ValuesFrom.open("keepass:" + kdbx, f -> "master of keys".toCharArray());
    throughWorkflowRun(kp, workflow("keepass-agent"), canary);
    // The studio opens the file itself, with the master password from its dialog.
    ReplayVault vault = new ReplayVault(new KeyringStore(), new VariableApprovals(dir.resolve("studio-approvals.json")));
    ReplayViewModel opener = new ReplayViewModel(Runnable::run, () -> null);
    opener.useVault(vault);
    char[] typed = "master of keys".toCharArray();
    opener.openKeePass(kdbx, typed);
    await().atMost(Duration.ofSeconds(20)).until(() -> opener.statusProperty().get().startsWith("Values now come from"));
    assertThat(typed).containsOnly('\0');
    assertThat(vault.store().describe()).isEqualTo("the KeePass file vault.kdbx");
    throughTheReplayWindow(vault, workflow("keepass-studio"), canary);
    // waymark mcp --values-from keepass:FILE in a child JVM (no terminal: the master password from its variable).
    dev.waymark.agent.McpVaultSession.Outputs mcp = dev.waymark.agent.McpVaultSession.run(Files.createDirectories(dir.resolve("mcp")),
        browser.pageUrl("author/signin.html"), "keepass:" + kdbx, List.of(), Map.of(ValueSources.PASSWORD_ENV, "master of keys"));
    checkMcp(mcp, canary);
    scanTree(dir, canary);
    assertThat(hits).as("canary hits").isEmpty();
  }
}
