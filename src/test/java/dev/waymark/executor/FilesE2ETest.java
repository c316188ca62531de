package dev.waymark.executor;

import dev.waymark.testing.RealBrowser;
import static dev.waymark.executor.Steps.click;
import static dev.waymark.executor.Steps.css;
import static dev.waymark.executor.Steps.step;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.bridge.BridgeBrowserPort;
import dev.waymark.bridge.BridgeListener;
import dev.waymark.bridge.BrowserEvent;
import dev.waymark.bridge.ClientInfo;
import dev.waymark.bridge.PerformResult;
import dev.waymark.bridge.UploadFile;
import dev.waymark.workflow.StepResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** upload, captureDownload, downloads blocked or allowed, capturePageFile, through the real bridge. */
@RealBrowser
class FilesE2ETest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @RegisterExtension
  static ExecutorBrowser browser = ExecutorBrowser.create();

  private static UploadFile file(String name, String mime, String text) {
    return new UploadFile(name, mime, Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)));
  }

  private static String decoded(PerformResult r) {
    return new String(Base64.getDecoder().decode(r.file().base64()), StandardCharsets.UTF_8);
  }

  // ---- upload ----

  @Test
  void uploadPutsTheFileIntoTheFieldAndTheReplyNamesItWithoutItsContents() {
    browser.open("upload.html");

    PerformResult r = browser.perform(step("upload").selector(css("#one")).value("{{ cv }}").build(), Map.of(),
        Map.of("cv", file("cv.txt", "text/plain", "secret contents 42")));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.data().asText()).isEqualTo("put cv.txt (18 bytes) into <input id=one>");
    assertThat(r.data().asText()).doesNotContain("secret contents");
    assertThat(r.file()).isNull();
    assertThat(browser.textOnce("#log", "secret contents 42")).isEqualTo("input:one\none:cv.txt:18:text/plain:secret contents 42");
  }

  @Test
  void uploadThroughTheChooserButtonFindsItsHiddenInput() {
    browser.open("upload.html");

    PerformResult r = browser.perform(step("upload").selector(css("#choose")).value("{{ photo }}").build(), Map.of(),
        Map.of("photo", file("p.png", "image/png", "PNG")));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(browser.textOnce("#log", "hidden-file:p.png")).contains("hidden-file:p.png:3:image/png:PNG");
  }

  @Test
  void uploadOfSeveralFilesNeedsAMultipleField() {
    browser.open("upload.html");
    Map<String, UploadFile> files = new LinkedHashMap<>();
    files.put("a", file("a.txt", "text/plain", "A"));
    files.put("b", file("b.txt", "text/plain", "BB"));

    PerformResult single = browser.perform(step("upload").selector(css("#one")).value("{{ a }}, {{ b }}").build(), Map.of(), files);
    PerformResult multiple = browser.perform(step("upload").selector(css("#many")).value("{{ a }}, {{ b }}").build(), Map.of(), files);

    assertThat(single.ok()).isFalse();
    assertThat(single.error()).isEqualTo("the file field takes one file and the step gives 2");
    assertThat(multiple.ok()).as(multiple.error()).isTrue();
    assertThat(multiple.count()).isEqualTo(2);
    assertThat(browser.textOnce("#log", "many:b.txt")).contains("many:a.txt:1:text/plain:A", "many:b.txt:2:text/plain:BB");
  }

  @Test
  void uploadRespectsTheFieldsAcceptList() {
    browser.open("upload.html");

    PerformResult r = browser.perform(step("upload").selector(css("#only-txt")).value("{{ pic }}").build(), Map.of(),
        Map.of("pic", file("pic.png", "image/png", "PNG")));

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("the file field accepts .txt,text/plain; pic.png (image/png) is not one of them");
  }

  @Test
  void uploadWithoutItsFileOrIntoAFieldThatIsNotAFileFieldFails() {
    browser.open("upload.html");

    PerformResult missing = browser.perform(step("upload").selector(css("#one")).value("{{ cv }}").build());
    PerformResult notFile = browser.perform(step("upload").selector(css("#log")).value("{{ cv }}").timeoutMs(300).build(), Map.of(),
        Map.of("cv", file("cv.txt", "text/plain", "x")));

    assertThat(missing.error()).isEqualTo("no file was given for {{ cv }}");
    assertThat(notFile.ok()).isFalse();
    assertThat(browser.text("#log")).isEmpty();
  }

  @Test
  void theBrowserPortReadsTheFileAtThePathAndNeverSendsOrEchoesThePath(@TempDir Path dir) throws Exception {
    browser.open("upload.html");
    Path doc = dir.resolve("letter.txt");
    Files.writeString(doc, "Dear reader");
    BridgeBrowserPort port = new BridgeBrowserPort(browser.harness().client());

    StepResult ok = port.perform(step("upload").id("u1").selector(css("#one")).value("{{ letter }}").build(),
        Map.of("letter", doc.toString()), 5000);
    StepResult gone = port.perform(step("upload").id("u2").selector(css("#one")).value("{{ letter }}").build(),
        Map.of("letter", dir.resolve("missing.txt").toString()), 5000);

    assertThat(ok.ok()).as(ok.error()).isTrue();
    assertThat(browser.textOnce("#log", "one:letter.txt")).contains("one:letter.txt:11:text/plain:Dear reader");
    assertThat(gone.ok()).isFalse();
    assertThat(gone.error()).isEqualTo("the file for {{ letter }} cannot be uploaded: the file does not exist or cannot be read")
        .doesNotContain(dir.toString());
  }

  // ---- captureDownload ----

  @Test
  void captureDownloadOfALinkFetchesItInThePagesSessionWithoutABrowserDownload() throws Exception {
    browser.open("download.html");

    PerformResult r = browser.perform(step("captureDownload").selector(css("#dl-link")).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.file().filename()).isEqualTo("echo.json");
    JsonNode echo = JSON.readTree(decoded(r));
    assertThat(echo.path("method").asText()).isEqualTo("GET");
    assertThat(echo.path("query").asText()).isEqualTo("kind=link");
    assertThat(r.navigated()).isFalse();
    assertThat(r.downloads()).isEmpty();
  }

  @Test
  void captureDownloadOfAFormSendsItsFieldsWithBodyParamsOverridingThem() throws Exception {
    browser.open("download.html");

    PerformResult r = browser.perform(step("captureDownload").selector(css("#export-btn"))
        .bodyParams(Map.of("from", "{{ start }}")).filename("export.json").build(), Map.of("start", "2025-05-05"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.file().filename()).isEqualTo("export.json");
    JsonNode echo = JSON.readTree(decoded(r));
    assertThat(echo.path("method").asText()).isEqualTo("POST");
    assertThat(echo.path("body").asText()).isEqualTo("from=2025-05-05&token=t0k");
    assertThat(echo.path("content_type").asText()).startsWith("application/x-www-form-urlencoded");
    assertThat(r.navigated()).isFalse();
  }

  @Test
  void captureDownloadSendsWhatThePagesSubmitHandlerAdded() throws Exception {
    browser.open("download.html");

    PerformResult r = browser.perform(step("captureDownload").selector(css("#validated-btn")).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(JSON.readTree(decoded(r)).path("body").asText()).isEqualTo("q=x&added=by-page");
  }

  @Test
  void captureDownloadOfAScriptStartedDownloadTakesTheBrowsersDownloadAndFetchesIt() throws Exception {
    browser.open("download.html");

    PerformResult r = browser.perform(step("captureDownload").selector(css("#js-dl")).bodyParams(Map.of("extra", "1")).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    JsonNode echo = JSON.readTree(decoded(r));
    assertThat(echo.path("query").asText()).isEqualTo("kind=script&extra=1");
  }

  @Test
  void captureDownloadOfAClickThatDownloadsNothingSaysSo() {
    browser.open("download.html");

    PerformResult r = browser.perform(step("captureDownload").selector(css("#nothing")).timeoutMs(1500).build());

    assertThat(r.ok()).isFalse();
    assertThat(r.error()).isEqualTo("the click did not start a download (waited 1500 ms)");
  }

  // ---- downloads of other steps ----

  @Test
  void aDownloadAClickStartsIsBlockedAndReported() {
    browser.open("download.html");

    PerformResult r = browser.perform(click("#plain-dl"));

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.downloads()).singleElement().satisfies(d -> {
      assertThat(d.url()).endsWith("/echo?kind=plain");
      assertThat(d.blocked()).isTrue();
    });
  }

  @Test
  void aDownloadIsAllowedWhenTheStepSaysAllowDownload() {
    browser.open("download.html");

    PerformResult r = browser.perform(step("click").selector(css("#plain-dl")).allowDownload(true).build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.downloads()).singleElement().satisfies(d -> assertThat(d.blocked()).isFalse());
  }

  @Test
  void aDownloadAClickStartsAMomentLaterIsReportedWithTheStepOrAsAnEvent() throws Exception {
    browser.open("download.html");
    try (EventLog log = new EventLog()) {
      List<BrowserEvent> events = log.events;
      // The handler navigates to a download 150 ms after the click: inside the click's wait for an effect.
      PerformResult r = browser.perform(click("#soon-dl"));
      assertThat(r.ok()).as(r.error()).isTrue();
      await().atMost(java.time.Duration.ofSeconds(5)).until(() -> !r.downloads().isEmpty()
          || events.stream().anyMatch(e -> "download_blocked".equals(e.event())));
      String url = !r.downloads().isEmpty() ? r.downloads().get(0).url()
          : events.stream().filter(e -> "download_blocked".equals(e.event())).findFirst().orElseThrow().text("url");
      assertThat(url).as("the blocked download, never lost").endsWith("/echo?kind=soon");
    }
  }

  @Test
  void aDownloadTheTaskPageStartsAfterTheStepIsBlockedAndSentAsAnEvent() throws Exception {
    browser.open("download.html");
    try (EventLog log = new EventLog()) {
      List<BrowserEvent> events = log.events;
      // A skipped step before it must not keep claiming downloads.
      PerformResult skipped = browser.perform(step("click").selector(css("#nothing"))
          .condition(Steps.when("#not-there", null, null, null, false)).build());
      PerformResult r = browser.perform(click("#late-dl"));
      await().atMost(java.time.Duration.ofSeconds(5)).until(() -> events.stream().anyMatch(e -> "download_blocked".equals(e.event())));

      assertThat(skipped.skipped()).isTrue();
      assertThat(r.ok()).as(r.error()).isTrue();
      assertThat(r.downloads()).isEmpty();
      assertThat(events).filteredOn(e -> "download_blocked".equals(e.event())).singleElement()
          .satisfies(e -> assertThat(e.text("url")).endsWith("/echo?kind=late"));
    }
  }

  /** The browser's events while it is open. */
  private static final class EventLog implements AutoCloseable {
    final List<BrowserEvent> events = new CopyOnWriteArrayList<>();
    private final BridgeListener listener = new BridgeListener() {
      @Override
      public void event(ClientInfo client, BrowserEvent event) {
        events.add(event);
      }
    };

    EventLog() {
      browser.harness().client().addListener(listener);
    }

    @Override
    public void close() {
      browser.harness().client().removeListener(listener);
    }
  }

  // ---- capturePageFile ----

  @Test
  void capturePageFileSavesTheDomAsItIsNowAsHtml() {
    browser.open("basic.html");
    browser.perform(click("#plain"));
    assertThat(browser.highlight(css("#plain"))).isTrue();

    PerformResult r = browser.perform(step("capturePageFile").format("html").build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.file().filename()).isEqualTo("Executor basics.html");
    assertThat(r.file().mime()).isEqualTo("text/html");
    String html = decoded(r);
    assertThat(html).startsWith("<!DOCTYPE html>\n<html>").contains("id=\"plain\"", "click:label:1:0");
    assertThat(html).doesNotContain("waymark-highlight");
    assertThat(r.file().size()).isEqualTo(html.getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void capturePageFileSavesMhtmlWithTheGivenName() {
    browser.open("basic.html");

    PerformResult r = browser.perform(step("capturePageFile").format("mhtml").filename("{{ name }}.mhtml").build());

    assertThat(r.ok()).as(r.error()).isTrue();
    assertThat(r.file().filename()).isEqualTo("{{ name }}.mhtml");
    assertThat(r.file().mime()).isEqualTo("multipart/related");
    assertThat(decoded(r)).contains("Content-Type: multipart/related", "Executor basics");
  }

  @Test
  void capturePageFileRefusesAnUnknownFormat() {
    browser.open("basic.html");

    PerformResult r = browser.perform(step("capturePageFile").format("docx").build());

    assertThat(r.error()).isEqualTo("capturePageFile saves format html, mhtml or pdf, not 'docx'");
  }
}
