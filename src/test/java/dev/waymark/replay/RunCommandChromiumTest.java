package dev.waymark.replay;

import dev.waymark.testing.RealBrowser;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.cli.RunCommand;
import dev.waymark.testing.BrowserHarness;
import dev.waymark.workflow.Json;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowYaml;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code waymark run} replays workflows in real headless Chromium: the example flow, re-entry, failures, secrets. */
@RealBrowser
class RunCommandChromiumTest {
  @RegisterExtension
  static BrowserHarness browser = BrowserHarness.create();

  @TempDir
  Path dir;

  private static final String EMAIL = "ada@example.com";

  static String resource(String path) throws Exception {
    try (InputStream in = RunCommandChromiumTest.class.getClassLoader().getResourceAsStream(path)) {
      if (in == null) throw new IllegalStateException("no resource " + path);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private Path ledger() throws Exception {
    Path f = dir.resolve("ledger.yaml");
    Files.writeString(f, resource("pages/replay/ledger.yaml").replace("__BASE__", browser.pageUrl("replay/")));
    return f;
  }

  private Path values(String password) throws Exception {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("email", EMAIL);
    v.put("password", password);
    return ReplayRun.valuesFile(dir, v);
  }

  /** Puts the browser on the orders page, signed in, without the runner. */
  private void standOnOrdersPage() throws Exception {
    browser.open(browser.pageUrl("replay/login.html"));
    browser.eval("sessionStorage.setItem('user', '" + EMAIL + "'); true");
    browser.open(browser.pageUrl("replay/orders.html"));
  }

  @Test
  void replaysTheExampleFlowSkippingAConditionAndGoingPastAnOptionalFailure() throws Exception {
    browser.open("about:blank");
    ReplayRun run = ReplayRun.run(browser.client(), ledger().toString(), "--values-file", values("pw-" + UUID.randomUUID()).toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(run.stepIds()).containsExactly("open", "email", "password", "sign-in", "who", "account", "cookies", "promo",
        "confirm", "balance", "open-orders", "orders", "rows");
    for (JsonNode s : run.steps()) {
      assertThat(s.fieldNames()).toIterable().startsWith("step_id", "type", "label", "ok", "skipped", "error", "data", "url");
    }
    JsonNode cookies = run.step("cookies");
    assertThat(cookies.path("ok").asBoolean()).isTrue();
    assertThat(cookies.path("skipped").asBoolean()).isTrue();
    JsonNode promo = run.step("promo");
    assertThat(promo.path("ok").asBoolean()).isFalse();
    assertThat(promo.path("optional").asBoolean()).isTrue();
    assertThat(promo.path("error").asText()).contains("#promo-close");
    assertThat(run.step("confirm").path("ok").asBoolean()).isTrue();
    assertThat(run.step("rows").path("url").asText()).endsWith("/replay/orders.html");

    JsonNode result = run.result();
    assertThat(result.path("ok").asBoolean()).isTrue();
    assertThat(result.path("steps")).hasSize(13);
    JsonNode stored = result.path("stored");
    assertThat(stored.fieldNames()).toIterable().containsExactly("user", "balance", "orders");
    assertThat(stored.path("balance").asText()).isEqualTo("$1,234.56");
    // The email is a value: read back off the page it comes out as its token.
    assertThat(stored.path("user").asText()).isEqualTo("Signed in as {{ email }}");
    JsonNode rows = Json.mapper().readTree(stored.path("orders").asText());
    assertThat(rows).hasSize(3);
    assertThat(rows.get(1).path("number").asText()).isEqualTo("A-1002");
    assertThat(rows.get(1).path("total").asText()).isEqualTo("$40.50");
    assertThat(run.err()).contains("[waymark] step 8 of 13: promo: click Close the promotion - failed (optional, going on)");
  }

  @Test
  void canaryValueReachesThePageFieldButNotStdoutStderrOrTheLog() throws Exception {
    String canary = "canary-" + UUID.randomUUID().toString().replace("-", "");
    browser.open("about:blank");
    ReplayRun run = ReplayRun.run(browser.client(), ledger().toString(), "--values-file", values(canary).toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(browser.eval("sessionStorage.getItem('submitted_password')").asText()).isEqualTo(canary);
    assertThat(run.out()).isNotBlank().doesNotContain(canary).doesNotContain(EMAIL);
    assertThat(run.err()).isNotBlank().doesNotContain(canary).doesNotContain(EMAIL);
    assertThat(run.log()).doesNotContain(canary).doesNotContain(EMAIL);
  }

  @Test
  void startAtANamedPointRewindsFromWhereTheBrowserStandsAndRunsOnlyAlwaysStepsBeforeIt() throws Exception {
    standOnOrdersPage();
    ReplayRun run = ReplayRun.run(browser.client(), ledger().toString(), "--values-file", values("pw-x1").toString(),
        "--start-at", "account");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    // The orders point says how to get back: its #back button, then a wait for the balance.
    assertThat(run.stepIds()).containsExactly("rewind-orders-account", "rewind-orders-account-wait", "who", "account",
        "cookies", "promo", "confirm", "balance", "open-orders", "orders", "rows");
    assertThat(run.step("rewind-orders-account").path("rewind").asBoolean()).isTrue();
    assertThat(run.step("who").path("url").asText()).endsWith("/replay/account.html");
    assertThat(run.result().path("start").asText()).isEqualTo("account");
    assertThat(run.result().path("stored").path("balance").asText()).isEqualTo("$1,234.56");
    // Nothing before the point was typed: the sign-in form never saw this run's password.
    assertThat(browser.eval("sessionStorage.getItem('submitted_password')").isNull()
        || !"pw-x1".equals(browser.eval("sessionStorage.getItem('submitted_password')").asText())).isTrue();
  }

  @Test
  void startAtAutoStartsAtTheLatestPointTheBrowserStandsAt() throws Exception {
    standOnOrdersPage();
    ReplayRun run = ReplayRun.run(browser.client(), ledger().toString(), "--values-file", values("pw-x2").toString(),
        "--start-at", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(run.stepIds()).containsExactly("who", "orders", "rows");
    assertThat(run.result().path("start").asText()).isEqualTo("orders");
    assertThat(run.result().path("stored").fieldNames()).toIterable().containsExactly("user", "orders");
  }

  @Test
  void startAtAutoOnAPageOfNoPointStartsAtTheBeginning() throws Exception {
    browser.open("about:blank");
    ReplayRun run = ReplayRun.run(browser.client(), ledger().toString(), "--values-file", values("pw-x3").toString(),
        "--start-at", "auto");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(run.stepIds()).first().isEqualTo("open");
    assertThat(run.result().has("start")).isFalse();
  }

  @Test
  void startAtAPointWhoseRewindIsAnAddressGetsThereFromAnyPage() throws Exception {
    browser.open(browser.pageUrl("replay/login.html"));
    browser.eval("sessionStorage.setItem('user', '" + EMAIL + "'); true");
    Path f = dir.resolve("by-address.yaml");
    Files.writeString(f, Files.readString(ledger()).replace("rewind: {to: account, selector: \"#back\",",
        "rewind: {to: account, url: \"" + browser.pageUrl("replay/account.html") + "\","));
    ReplayRun run = ReplayRun.run(browser.client(), f.toString(), "--values-file", values("pw-x4").toString(),
        "--start-at", "account");

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(run.stepIds()).startsWith("rewind-orders-account", "rewind-orders-account-wait", "who", "account");
    assertThat(run.step("rewind-orders-account").path("type").asText()).isEqualTo("navigate");
  }

  @Test
  void aStoredSlotFillsALaterStepsToken() throws Exception {
    browser.open(browser.pageUrl("replay/login.html"));
    browser.eval("sessionStorage.setItem('user', '" + EMAIL + "'); true");
    Path f = dir.resolve("carry.yaml");
    Files.writeString(f, """
        id: carry
        variables:
          amount: the balance read on the account page
        steps:
          - id: to-account
            type: navigate
            url: %s
          - id: read
            type: extract
            selector: {css: "#balance"}
            store: amount
          - id: to-login
            type: navigate
            url: %s
          - id: type-it
            type: fill
            selector: {css: "#email"}
            value: "{{ amount }}"
        """.formatted(browser.pageUrl("replay/account.html"), browser.pageUrl("replay/login.html")));
    ReplayRun run = ReplayRun.run(browser.client(), f.toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(browser.eval("document.getElementById('email').value").asText()).isEqualTo("$1,234.56");
    assertThat(run.result().path("stored").path("amount").asText()).isEqualTo("$1,234.56");
  }

  @Test
  void aFailingStepStopsTheRunWithItsIdLabelAndError() throws Exception {
    Path f = dir.resolve("fails.yaml");
    Files.writeString(f, """
        id: fails
        steps:
          - id: go
            type: navigate
            url: %s
          - id: press-missing
            type: click
            label: Press the missing button
            selector: {css: "#missing"}
            timeout_ms: 800
          - id: never
            type: extract
            selector: {css: "h1"}
        """.formatted(browser.pageUrl("replay/login.html")));
    ReplayRun run = ReplayRun.run(browser.client(), f.toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_STEP_FAILED);
    assertThat(run.stepIds()).containsExactly("go", "press-missing");
    JsonNode result = run.result();
    assertThat(result.path("ok").asBoolean()).isFalse();
    assertThat(result.path("failed_step").asText()).isEqualTo("press-missing");
    assertThat(result.path("error").asText()).contains("press-missing").contains("Press the missing button").contains("#missing");
    assertThat(run.err()).contains("press-missing").contains("Press the missing button");
  }

  @Test
  void theShippedExampleExportedAgainReplaysGreen() throws Exception {
    // The example file, pointed at the test pages, written the way the session exports (WorkflowYaml.write).
    String example = Files.readString(Path.of("resources/examples/login-and-read.yaml"))
        .replace("https://shop.example.com/login", browser.pageUrl("replay/login.html"));
    Workflow wf = WorkflowYaml.read(example);
    Path f = dir.resolve("exported.yaml");
    Files.writeString(f, WorkflowYaml.write(wf));
    browser.open("about:blank");
    ReplayRun run = ReplayRun.run(browser.client(), f.toString(), "--values-file", values("pw-ex").toString());

    assertThat(run.code()).as(run.toString()).isEqualTo(RunCommand.EXIT_OK);
    assertThat(run.stepIds()).containsExactly("s1", "s2", "s3", "s4", "s5");
    JsonNode rows = Json.mapper().readTree(run.step("s5").path("data").asText());
    assertThat(rows).hasSize(2);
    assertThat(rows.get(0).path("number").asText()).isEqualTo("A-1003");
    assertThat(rows.get(0).path("link").asText()).endsWith("/replay/orders.html#A-1003");
  }
}
