package dev.waymark.webdriver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.bridge.UploadFile;
import dev.waymark.webdriver.StepRun.Lost;
import dev.waymark.webdriver.StepRun.StepFailure;
import dev.waymark.webdriver.WebDriverSession.PageCallException;
import dev.waymark.workflow.Tokens;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The steps that bring a file or call the page (the extension's captureUrl, captureDownload, capturePageFile,
 * upload and eval): the page script fetches in the page's session, the file comes back as base64 and is kept on the
 * runner (never on a Grid node); eval calls the same named-call function as the extension, in the page's own realm.
 */
final class CaptureSteps {
  static final long MAX_FILE_BYTES = 10L * 1024 * 1024;
  private static final int EVAL_CAP = 20_000;
  private static final Pattern FN_NAME = Pattern.compile("^[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*$");
  private static final Set<String> FORBIDDEN = Set.of("constructor", "prototype", "__proto__", "__defineGetter__",
      "__defineSetter__", "__lookupGetter__", "__lookupSetter__");

  private final ObjectMapper json;

  CaptureSteps(ObjectMapper json) {
    this.json = json;
  }

  JsonNode captureUrl(StepRun r) throws StepFailure, Lost, InterruptedException {
    if (!r.step.hasNonNull("url")) throw new StepFailure("a captureUrl step needs url");
    ObjectNode plan = json.createObjectNode().put("url", r.substituted(r.step.path("url").asText(), "url"))
        .put("method", r.step.path("method").asText("GET").toUpperCase(java.util.Locale.ROOT));
    return fetch(r, plan, null);
  }

  JsonNode captureDownload(StepRun r) throws StepFailure, Lost, InterruptedException {
    JsonNode sel = r.step.path("selector");
    if (!sel.hasNonNull("css") && !sel.hasNonNull("path")) {
      throw new StepFailure("a captureDownload step needs the selector of the link or button that downloads");
    }
    ObjectNode pageStep = json.createObjectNode().put("type", "captureDownload");
    pageStep.set("selector", sel);
    JsonNode res = r.attemptUntilDone("performInPage", pageStep, json.createObjectNode().put("step_id", r.effectKey), true);
    if (!res.path("ok").asBoolean()) return res;
    JsonNode plan = res.get("plan");
    String trappedName = null;
    if (plan == null || plan.isNull()) {
      // The page's own script started it: take the download the browser began (it is not saved: downloads are denied).
      BrowsingEvents ev = r.s.events();
      long until = Math.min(r.deadline, System.currentTimeMillis() + 5000);
      ev.await(() -> !ev.downloadsSince(r.t0).isEmpty(), until);
      List<BrowsingEvents.Download> seen = ev.downloadsSince(r.t0);
      if (seen.isEmpty()) return r.fail("the click did not start a download (waited " + (until - r.t0) + " ms)").put("dispatched", true);
      plan = json.createObjectNode().put("url", seen.get(0).url()).put("method", "GET").put("replace_query", false)
          .set("fields", json.createArrayNode());
      trappedName = seen.get(0).filename();
    }
    return fetch(r, ((ObjectNode) plan).deepCopy(), trappedName);
  }

  private JsonNode fetch(StepRun r, ObjectNode plan, String fallbackName) throws StepFailure, Lost, InterruptedException {
    ObjectNode params = plan.putObject("body_params");
    for (var e : iterable(r.step.path("body_params").fields())) {
      params.put(e.getKey(), r.substituted(e.getValue().asText(), "body_params." + e.getKey()));
    }
    plan.put("max_bytes", MAX_FILE_BYTES);
    r.sent = true;
    JsonNode got;
    try {
      got = r.call("fetchFile", List.of(plan), r.remaining() + 1000);
    } catch (PageCallException e) {
      return r.fail(e.timedOut ? "the download did not finish in " + r.timeout + " ms" : e.getMessage()).put("dispatched", true);
    }
    if (!got.path("ok").asBoolean()) return r.fail(got.path("error").asText("the file could not be fetched")).put("dispatched", true);
    String filename = r.step.hasNonNull("filename") ? r.step.path("filename").asText()
        : firstNonNull(filenameFrom(got.path("disposition").asText(""), null), fallbackName,
            filenameFrom("", got.path("final_url").asText(null)), "download");
    return file(filename, got.path("mime").asText("application/octet-stream"), got.path("size").asLong(), got.path("base64").asText());
  }

  JsonNode capturePageFile(StepRun r) throws StepFailure, Lost, InterruptedException {
    String format = r.step.path("format").asText("html").toLowerCase(java.util.Locale.ROOT);
    if ("mhtml".equals(format)) {
      throw new StepFailure("the WebDriver driver saves a page as html or pdf; mhtml needs the extension (run without --grid)");
    }
    if ("pdf".equals(format)) {
      JsonNode printed = r.command("browsingContext.print", r.s.params().put("background", true), Math.max(5000, r.remaining()), false);
      String base64 = printed.path("data").asText("");
      if (base64.isEmpty()) throw new StepFailure("the page could not be printed to PDF: the browser returned no document");
      long size = java.util.Base64.getDecoder().decode(base64).length;
      if (size > MAX_FILE_BYTES) return r.fail("the page is " + size + " bytes as PDF, over the " + MAX_FILE_BYTES + "-byte limit");
      String title = title(r);
      return file(r.step.hasNonNull("filename") ? r.step.path("filename").asText() : safeName(title, "pdf"), "application/pdf", size, base64);
    }
    if (!"html".equals(format)) throw new StepFailure("capturePageFile saves format html, mhtml or pdf, not '" + format + "'");
    JsonNode page;
    try {
      page = r.call("pageHtml", List.of(), Math.max(2000, r.remaining()));
    } catch (PageCallException e) {
      throw new StepFailure("the page could not be read: " + e.getMessage());
    }
    byte[] bytes = page.path("html").asText("").getBytes(StandardCharsets.UTF_8);
    if (bytes.length > MAX_FILE_BYTES) return r.fail("the page is " + bytes.length + " bytes as HTML, over the " + MAX_FILE_BYTES + "-byte limit");
    String name = r.step.hasNonNull("filename") ? r.step.path("filename").asText() : safeName(page.path("title").asText(""), "html");
    return file(name, "text/html", bytes.length, java.util.Base64.getEncoder().encodeToString(bytes));
  }

  /** An upload: each {{ name }} of the value is a path on this computer, read here and given to the page's field. */
  JsonNode upload(StepRun r) throws StepFailure, Lost, InterruptedException {
    Matcher m = Tokens.TOKEN.matcher(r.step.path("value").asText(""));
    ArrayNode files = json.createArrayNode();
    while (m.find()) {
      String name = m.group(1);
      String path = r.values.get(name);
      if (path == null) throw new StepFailure("no file was given for {{ " + name + " }}");
      try {
        UploadFile f = UploadFile.read(Path.of(path));
        files.addObject().put("filename", f.filename()).put("mime", f.mime()).put("base64", f.base64());
      } catch (IOException | InvalidPathException e) {
        throw new StepFailure("the file for {{ " + name + " }} cannot be uploaded: " + (e instanceof IOException ? e.getMessage() : "not a valid path"));
      }
    }
    if (files.isEmpty()) throw new StepFailure("an upload step needs value = the file placeholder, e.g. {{ resume }}");
    ObjectNode pageStep = json.createObjectNode().put("type", "upload");
    pageStep.set("selector", r.step.get("selector"));
    ObjectNode opts = json.createObjectNode().put("step_id", r.effectKey);
    opts.set("files", files);
    return r.attemptUntilDone("performInPage", pageStep, opts, true);
  }

  JsonNode eval(StepRun r) throws StepFailure, Lost, InterruptedException {
    String name = r.step.path("fn").asText("").strip();
    if (name.isEmpty()) throw new StepFailure("an eval step needs fn, the name of a function of the page (e.g. \"app.refresh\")");
    if (!FN_NAME.matcher(name).matches() || List.of(name.split("\\.")).stream().anyMatch(FORBIDDEN::contains)) {
      throw new StepFailure("fn must be the name of a function of the page (like \"app.refresh\"), not '"
          + name.substring(0, Math.min(80, name.length())) + "'");
    }
    JsonNode args = substitute(r, r.step.path("args").isArray() ? r.step.get("args") : json.createArrayNode(), "args");
    BrowsingEvents.Snapshot snap = r.s.events().snapshot(r.s.context());
    r.sent = true;
    JsonNode res;
    try {
      res = r.s.callNamed(name, args.toString(), EVAL_CAP, Math.max(1, r.remaining()));
    } catch (PageCallException e) {
      if (e.lost) throw new Lost(e.getMessage(), true);
      if (e.timedOut) return r.fail(name + " did not return within " + r.timeout + " ms").put("uncertain", true);
      BrowsingEvents.Since n = r.s.events().since(r.s.context(), snap);
      return r.fail(name + " could not be called: " + e.getMessage()).put("uncertain", n.started() || n.committed());
    }
    if (res.hasNonNull("error")) return r.fail(res.path("error").asText());
    BrowsingEvents.Since n = r.s.events().since(r.s.context(), snap);
    if (n.started() || n.committed()) r.waitForLoad(snap, Math.max(r.deadline, System.currentTimeMillis() + 2000), "the navigation " + name + " started");
    ObjectNode out = json.createObjectNode().put("ok", true).put("data", res.path("data").asText(null));
    if (res.path("truncated").asBoolean()) out.put("truncated", true);
    return out;
  }

  private JsonNode substitute(StepRun r, JsonNode v, String where) throws StepFailure {
    if (v.isTextual()) return json.getNodeFactory().textNode(r.substituted(v.asText(), where));
    if (v.isArray()) {
      ArrayNode out = json.createArrayNode();
      for (int i = 0; i < v.size(); i++) out.add(substitute(r, v.get(i), where + "[" + i + "]"));
      return out;
    }
    if (v.isObject()) {
      ObjectNode out = json.createObjectNode();
      for (var e : iterable(v.fields())) out.set(e.getKey(), substitute(r, e.getValue(), where + "." + e.getKey()));
      return out;
    }
    return v;
  }

  private ObjectNode file(String filename, String mime, long size, String base64) {
    ObjectNode out = json.createObjectNode().put("ok", true).put("dispatched", true)
        .put("data", filename + " (" + size + " bytes, " + mime + ")");
    out.putObject("file").put("filename", filename).put("mime", mime).put("size", size).put("base64", base64);
    return out;
  }

  private String title(StepRun r) throws Lost, InterruptedException {
    try {
      return r.call("pageState", List.of(), 2000).path("title").asText("");
    } catch (PageCallException e) {
      return "";
    }
  }

  static String safeName(String title, String ext) {
    String base = String.valueOf(title).replaceAll("[\\\\/:*?\"<>|\\x00-\\x1f]+", " ").replaceAll("\\s+", " ").strip();
    if (base.length() > 80) base = base.substring(0, 80);
    return (base.isEmpty() ? "page" : base) + "." + ext;
  }

  static String filenameFrom(String disposition, String url) {
    Matcher star = Pattern.compile("(?i)filename\\*\\s*=\\s*(?:UTF-8'')?([^;]+)").matcher(disposition == null ? "" : disposition);
    if (star.find()) {
      try {
        return URLDecoder.decode(star.group(1).strip().replaceAll("^\"|\"$", ""), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        // fall through to the plain form
      }
    }
    Matcher plain = Pattern.compile("(?i)filename\\s*=\\s*\"?([^\";]+)\"?").matcher(disposition == null ? "" : disposition);
    if (plain.find()) return plain.group(1).strip();
    if (url == null) return null;
    try {
      String p = java.net.URI.create(url).getPath();
      if (p == null) return null;
      String[] parts = p.split("/");
      String last = parts.length == 0 ? "" : parts[parts.length - 1];
      return last.isEmpty() ? null : URLDecoder.decode(last, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  @SafeVarargs
  private static <T> T firstNonNull(T... options) {
    for (T t : options) if (t != null) return t;
    return null;
  }

  private static <T> Iterable<T> iterable(java.util.Iterator<T> it) {
    return () -> it;
  }
}
