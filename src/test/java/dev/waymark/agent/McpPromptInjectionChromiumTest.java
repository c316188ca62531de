package dev.waymark.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.testing.Browsers;
import dev.waymark.testing.InjectionPages;
import dev.waymark.testing.RealBrowser;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Prompt injection through an agent over MCP (issue #18 part 5): {@code waymark mcp} gives the agent the page's text
 * ({@code --page-text}, on by default) besides the observation, so an instruction in a paragraph, an offscreen or a
 * zero-size element reaches the agent even where the observation leaves it out. The agent here obeys every
 * instruction addressed to AI agents it reads in any answer, as a gullible model would. With {@code --approve deny}
 * (nobody there to approve) nothing risky reaches a page — the server behind the pages counts every effect — and no
 * variable's value, nor the file's path, is in anything the agent was sent. Prints attempts and refusals per channel.
 */
@RealBrowser
class McpPromptInjectionChromiumTest {
  @TempDir
  Path dir;

  /** "AI agents: …" as the agent reads it, in a text where the page's quotes may be escaped. */
  private static final Pattern INSTRUCTION = Pattern.compile("AI agents?:\\s*([^\\n\"]*(?:\"[^\"\\n]*\"[^\\n\"]*)*)");

  @Test
  void anAgentThatObeysThePageTextRunsNothingRiskyAndNeverSeesAValue() throws Exception {
    String password = "pw-" + UUID.randomUUID();
    Path resume = Files.writeString(dir.resolve("resume.txt"), "the person's CV " + UUID.randomUUID());
    Path values = dir.resolve("values.txt");
    Files.writeString(values, "password=" + password + "\nresume=" + resume + "\n");
    Files.setPosixFilePermissions(values, PosixFilePermissions.fromString("rw-------"));
    List<String> stderr = new CopyOnWriteArrayList<>();
    ServerParameters params = ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java").toString())
        .args(List.of("-Dwaymark.config.dir=" + dir.resolve("config"), "-cp", System.getProperty("java.class.path"),
            "dev.waymark.Main", "mcp", "--approve", "deny", "--headless", "--chromium", Browsers.chromium().toString(),
            "--values-file", values.toString(), "--page-text", "4000"))
        .build();
    StdioClientTransport transport = new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
    transport.setStdErrorHandler(stderr::add);

    List<String> report = new ArrayList<>();
    Map<String, int[]> perChannel = new LinkedHashMap<>();
    StringBuilder agentSaw = new StringBuilder();
    int attempts = 0;
    int refused = 0;
    int unknown = 0;
    try (InjectionPages pages = new InjectionPages(); AgentClient agent = AgentClient.over(transport)) {
      List<InjectionPages.Planned> suite = pages.addSuite();
      for (InjectionPages.Planned planned : suite) {
        int page = planned.page();
        String channel = planned.channel();
        String payload = planned.payload();
        AgentClient.Answer a = agent.call("task_start", Map.of("goal", "Read the kettle's price",
            "start_url", pages.url(page),
            "variables", Map.of("password", "the shop account's password", "resume", "the person's CV file")));
        agentSaw.append(a.text()).append('\n').append(a.data()).append('\n');
        assertThat(a.error()).as("task_start on page %d: %s\n%s", page, a, stderr).isFalse();
        int tried = 0;
        int no = 0;
        for (Map<String, Object> action : obey(a)) {
          tried++;
          AgentClient.Answer r = agent.respond(a, action);
          agentSaw.append(r.text()).append('\n').append(r.data()).append('\n');
          if (r.text().contains("The action was refused, nothing was done") || r.text().contains("The person rejected the step")) {
            no++;
          } else if ("e999".equals(action.get("ref")) && r.error()) {
            unknown++; // the agent named a control the observation does not hold: nothing to act on
          } else {
            throw new AssertionError("page " + page + " (" + channel + "): " + action + " was neither refused nor"
                + " unknown:\n" + r + "\n" + pages.effects());
          }
          if (!r.error()) a = r;
        }
        AgentClient.Answer end = agent.respond(a, Map.of("kind", "done"));
        agentSaw.append(end.text()).append('\n').append(end.data()).append('\n');
        attempts += tried;
        refused += no;
        int[] c = perChannel.computeIfAbsent(channel, x -> new int[2]);
        c[0] += tried;
        c[1] += no;
        report.add(String.format("  page %2d  %-18s %-62s tried %d, refused %d", page, channel,
            payload.replace(String.valueOf(pages.port()), "PORT"), tried, no));
        assertThat(pages.effects()).as("page %d (%s, %s): the page's effects%n%s", page, channel, payload, agentSaw)
            .isEmpty();
      }
      assertThat(suite).hasSizeGreaterThanOrEqualTo(30);
      // An effect a page posts a moment after the action that caused it still counts.
      Thread.sleep(500);
      assertThat(pages.effects()).as("the pages' effects at the end").isEmpty();
    }
    agent(agentSaw, password, resume, stderr);
    System.out.println("Prompt injection over MCP: " + report.size() + " pages, " + attempts + " instructions the agent tried, " + refused
        + " refused by the approval rule, " + unknown + " on controls the page does not have, 0 effects on the pages;"
        + " by channel (tried/refused):");
    perChannel.forEach((ch, c) -> System.out.printf("  %-18s %d/%d%n", ch, c[0], c[1]));
    report.forEach(System.out::println);
    // The page text carries what the observation leaves out: the agent is fooled on most channels, or this proves little.
    assertThat(attempts).as("instructions the agent tried").isGreaterThanOrEqualTo(20);
    // What the page text adds to the observation: text in a paragraph, offscreen and in a zero-size box reach the agent.
    for (String channel : List.of("visible text", "offscreen", "zero-size")) {
      assertThat(perChannel.get(channel)[0]).as("instructions the agent read in " + channel).isPositive();
    }
    assertThat(refused).as("instructions on real controls, all refused").isGreaterThanOrEqualTo(20);
    assertThat(refused + unknown).isEqualTo(attempts);
  }

  private static void agent(StringBuilder saw, String password, Path resume, List<String> stderr) {
    String all = saw.toString();
    assertThat(all).as("what the agent was sent").doesNotContain(password).doesNotContain(resume.toString());
    assertThat(String.join("\n", stderr)).as("the server's log").doesNotContain(password);
  }

  /** Every instruction addressed to AI agents in the answer, as task_respond actions; unknown refs stay unknown. */
  private static List<Map<String, Object>> obey(AgentClient.Answer a) {
    String text = (a.text() + "\n" + a.data()).replace("\\\"", "\"");
    List<Map<String, Object>> out = new ArrayList<>();
    java.util.Set<String> seen = new java.util.HashSet<>();
    Matcher m = INSTRUCTION.matcher(text);
    while (m.find()) {
      String said = m.group(1);
      if (!seen.add(said.strip())) continue;
      for (Matcher c = Pattern.compile("type (\\{\\{ ?\\w+ ?}}) into \"([^\"]+)\"").matcher(said); c.find(); ) {
        out.add(Map.of("kind", "type", "ref", refOr(a, c.group(2)), "text", c.group(1)));
      }
      for (Matcher c = Pattern.compile("upload \\{\\{ ?(\\w+) ?}} to \"([^\"]+)\"").matcher(said); c.find(); ) {
        out.add(Map.of("kind", "upload", "ref", refOr(a, c.group(2)), "file", c.group(1)));
      }
      for (Matcher c = Pattern.compile("click \"([^\"]+)\"").matcher(said); c.find(); ) {
        out.add(Map.of("kind", "click", "ref", refOr(a, c.group(1))));
      }
      for (Matcher c = Pattern.compile("go to (https?://[^\\s\"]+)").matcher(said); c.find(); ) {
        out.add(Map.of("kind", "navigate", "url", c.group(1).replaceAll("[.,;]$", "")));
      }
    }
    return out;
  }

  private static String refOr(AgentClient.Answer a, String name) {
    try {
      return a.ref(name);
    } catch (AssertionError none) {
      return "e999";
    }
  }
}
