package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.observe.CompactObservation;
import dev.waymark.testing.BenchmarkTarget;
import dev.waymark.testing.DeltaScenarios;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.GalleryLibs;
import dev.waymark.testing.PageServer;
import dev.waymark.testing.RealBrowser;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26's deltas measured: a scripted agent drives {@code waymark mcp} (a child process on stdio with its own
 * headless Chromium) through a 20-step form among some 200 controls and 20 steps on TodoMVC (the vanilla-JS
 * implementation), once reading the whole page in every reply and once asking for deltas with {@code since}. It
 * keeps what it knows of the page as one line per ref, replaced by what a delta says, and decides each step from it;
 * the tokens of every reply it reads are counted. Targets: delta replies at most half the whole-page replies' tokens
 * over each session, and the same 20 decisions in both modes.
 */
@RealBrowser
class PageDeltaBenchmark {
  private static final Pattern NODE = Pattern.compile("^(e\\d+) ");
  private static final List<String> FIELDS = DeltaScenarios.FORM_FIELDS;
  private static final List<String> TODOS = DeltaScenarios.TODOS;

  @TempDir
  Path dir;

  /** One session's figures: the tokens of each reply after task_start, and the actions decided. */
  private record Run(List<Integer> replyTokens, List<Integer> pageTokens, List<String> decisions, String last) {
    int total(List<Integer> l) {
      return l.stream().mapToInt(Integer::intValue).sum();
    }
  }

  /** What the scripted agent knows of the page: one line per ref, as the last whole page or delta said it. */
  static final class Known {
    final Map<String, String> lines = new LinkedHashMap<>();

    void read(String reply) {
      String[] all = page(reply).split("\n");
      boolean delta = all[0].startsWith("page delta since generation ");
      if (!delta) lines.clear();
      for (int i = 1; i < all.length; i++) {
        String line = all[i];
        if (line.equals("text:") || line.equals("lists:") || line.equals("text diff:") || line.startsWith("lists added")) break;
        if (delta && line.startsWith("removed: ")) for (String r : line.substring(9).split(", ")) lines.remove(r);
        if (!NODE.matcher(line).find()) continue;
        // a whole page puts plain controls of one role on one line: e2 link "Mugs", e3 "Cups"
        for (String part : delta ? new String[] {line} : line.split(", (?=e\\d+ )")) {
          Matcher m = NODE.matcher(part);
          if (m.find()) lines.put(m.group(1), part);
        }
      }
    }

    /** The page part of a reply: from its "page: whole" line, or a delta's "page delta since generation N" line. */
    static String page(String reply) {
      int at = Math.max(reply.indexOf("\npage: whole"), reply.indexOf("\npage delta since generation "));
      if (at < 0) throw new AssertionError("no page in:\n" + reply);
      return reply.substring(at + 1);
    }

    /** The one ref whose line says this; two would make the decision a guess. */
    String ref(Predicate<String> what, String why) {
      List<String> found = lines.entrySet().stream().filter(e -> what.test(e.getValue())).map(Map.Entry::getKey).toList();
      if (found.size() != 1) throw new AssertionError(why + ": " + found.size() + " controls match in " + lines.values());
      return found.get(0);
    }

    String named(String name) {
      return ref(l -> l.matches("e\\d+ (?:[a-z:]+ )?\"" + Pattern.quote(name) + "\".*"), name);
    }
  }

  /** The agent: starts the task, then each step decides from what it knows and sends one action. */
  private static Run drive(AgentClient agent, String goal, String url, boolean deltas, List<java.util.function.Function<Known, Map<String, Object>>> steps) {
    AgentClient.Answer a = agent.call("task_start", Map.of("goal", goal, "start_url", url));
    if (a.error()) throw new AssertionError("task_start: " + a);
    Known known = new Known();
    known.read(a.text());
    List<Integer> replies = new ArrayList<>();
    List<Integer> pages = new ArrayList<>();
    List<String> decisions = new ArrayList<>();
    for (var step : steps) {
      Map<String, Object> action = step.apply(known);
      decisions.add(new java.util.TreeMap<>(action).toString());
      Map<String, Object> args = new LinkedHashMap<>(Map.of("task_id", a.taskId(), "interaction_generation", a.generation(), "action", action));
      if (deltas) args.put("since", a.generation());
      a = agent.call("task_respond", args);
      if (a.error()) throw new AssertionError("step " + (decisions.size()) + " " + action + ": " + a);
      known.read(a.text());
      if (deltas && decisions.size() == 2) System.out.println("\na delta reply (" + goal + ", step 2):\n" + a.text());
      replies.add(CompactObservation.estimateTokens(a.text()));
      pages.add(CompactObservation.estimateTokens(Known.page(a.text())));
    }
    return new Run(replies, pages, decisions, a.text());
  }

  private static List<java.util.function.Function<Known, Map<String, Object>>> form() {
    List<java.util.function.Function<Known, Map<String, Object>>> steps = new ArrayList<>();
    for (String f : FIELDS) steps.add(k -> Map.of("kind", "type", "ref", k.named(f), "text", f.toLowerCase(Locale.ROOT) + " 1"));
    steps.add(k -> Map.of("kind", "select", "ref", k.named("Country"), "value", "France"));
    steps.add(k -> Map.of("kind", "click", "ref", k.named("I accept the terms")));
    steps.add(k -> Map.of("kind", "click", "ref", k.named("Send application")));
    return steps;
  }

  private static List<java.util.function.Function<Known, Map<String, Object>>> todomvc() {
    List<java.util.function.Function<Known, Map<String, Object>>> steps = new ArrayList<>();
    for (String t : TODOS) {
      steps.add(k -> Map.of("kind", "type", "ref", k.named("What needs to be done?"), "text", t));
      steps.add(k -> Map.of("kind", "press", "ref", k.named("What needs to be done?"), "key", "Enter"));
    }
    for (String t : List.of("Buy milk", "Read a book", "Call mum")) {
      steps.add(k -> Map.of("kind", "click", "ref", k.ref(l -> l.contains(" checkbox") && l.contains("\"" + t + "\""), "toggle " + t)));
    }
    steps.add(k -> Map.of("kind", "click", "ref", k.named("Active")));
    steps.add(k -> Map.of("kind", "click", "ref", k.named("Completed")));
    steps.add(k -> Map.of("kind", "click", "ref", k.named("All")));
    steps.add(k -> Map.of("kind", "click", "ref", k.ref(l -> l.contains(" checkbox") && l.contains("\"Pay rent\""), "toggle Pay rent")));
    steps.add(k -> Map.of("kind", "click", "ref", k.ref(l -> l.contains(" button \"Clear completed"), "Clear completed")));
    return steps;
  }

  private AgentClient mcp(String name) throws Exception {
    Path config = Files.createDirectories(dir.resolve(name));
    ServerParameters params = ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java").toString())
        .args(List.of("-Dwaymark.config.dir=" + config, "-cp", System.getProperty("java.class.path"), "dev.waymark.Main",
            "mcp", "--approve", "auto", "--headless", "--chromium", Browsers.chromium().toString()))
        .build();
    return AgentClient.over(new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper())));
  }

  @Test
  void deltasCostAtMostHalfTheWholePagesOverASessionWithTheSameDecisions() throws Exception {
    assertThat(GalleryLibs.installed()).as("TodoMVC comes with the gallery packages: npm ci in src/test/node/gallery").isTrue();
    Map<String, Run[]> runs = new LinkedHashMap<>();
    // a server (an origin, so TodoMVC's localStorage) and a browser per mode: the second session starts as the first did
    for (boolean deltas : new boolean[] {false, true}) {
      try (PageServer pages = new PageServer(); AgentClient agent = mcp(deltas ? "delta" : "whole")) {
        Run f = drive(agent, "Fill the application and send it", pages.url("agent/long-form.html"), deltas, form());
        Run t = drive(agent, "Keep the todo list", pages.url("lib/todomvc/examples/vanillajs/index.html"), deltas, todomvc());
        runs.computeIfAbsent("20-step form", x -> new Run[2])[deltas ? 1 : 0] = f;
        runs.computeIfAbsent("TodoMVC (vanilla JS)", x -> new Run[2])[deltas ? 1 : 0] = t;
      }
    }
    StringBuilder table = new StringBuilder();
    for (Map.Entry<String, Run[]> e : runs.entrySet()) {
      Run whole = e.getValue()[0];
      Run delta = e.getValue()[1];
      table.append(String.format(Locale.ROOT, "%n%s: tokens of each task_respond reply (whole page → with since)%n", e.getKey()));
      for (int i = 0; i < whole.replyTokens().size(); i++) {
        table.append(String.format(Locale.ROOT, "  step %2d  %5d → %5d   page section %5d → %5d%n", i + 1, whole.replyTokens().get(i),
            delta.replyTokens().get(i), whole.pageTokens().get(i), delta.pageTokens().get(i)));
      }
      int w = whole.total(whole.replyTokens());
      int d = delta.total(delta.replyTokens());
      table.append(String.format(Locale.ROOT, "  session: %d → %d tokens (%.1f → %.1f per step), page sections %d → %d%n", w, d,
          (double) w / whole.replyTokens().size(), (double) d / delta.replyTokens().size(), whole.total(whole.pageTokens()),
          delta.total(delta.pageTokens())));
    }
    System.out.println(table);
    for (Map.Entry<String, Run[]> e : runs.entrySet()) {
      Run whole = e.getValue()[0];
      Run delta = e.getValue()[1];
      BenchmarkTarget.atMost(e.getKey() + ": reply tokens with deltas / with whole pages over the session",
          (double) delta.total(delta.replyTokens()) / whole.total(whole.replyTokens()), "", 0.5).print();
      BenchmarkTarget.atLeast(e.getKey() + ": the scripted agent's decisions that are the same in both modes",
          sameDecisions(whole, delta), "of " + whole.decisions().size(), whole.decisions().size()).print();
    }
    assertThat(runs.get("20-step form")[0].last()).contains("Application sent: reference A-2026");
    assertThat(runs.get("20-step form")[1].last()).contains("+Application sent: reference A-2026");
  }

  private static int sameDecisions(Run a, Run b) {
    int same = 0;
    for (int i = 0; i < Math.min(a.decisions().size(), b.decisions().size()); i++) if (a.decisions().get(i).equals(b.decisions().get(i))) same++;
    return same;
  }
}
