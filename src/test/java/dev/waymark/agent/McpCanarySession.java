package dev.waymark.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.testing.Browsers;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One agent session over MCP for the canary sweep ({@code CanarySweepChromiumTest}): {@code waymark mcp} as an agent
 * starts it, a child process on stdio at debug level launching its own headless Chromium, with the canary as the
 * password in its values file. The SDK's client types the email and the password by their tokens, signs in, tries a
 * ref the page does not hold, and exports. Every answer the agent got (text and structured content), the progress it
 * was sent, the server's stderr and its config folder (journals) are handed back to be scanned.
 */
public final class McpCanarySession {
  /** What the session left: everything the agent read, and the child's stderr; files are under {@code dir}. */
  public record Outputs(String agentSaw, String stderr, boolean signedIn, String exported) {}

  private McpCanarySession() {}

  public static Outputs run(Path dir, String signInUrl, String canary) throws Exception {
    Path config = Files.createDirectories(dir.resolve("config"));
    Path values = dir.resolve("mcp-values.txt");
    Files.writeString(values, "email=ada@example.com\npassword=" + canary + "\n");
    Files.setPosixFilePermissions(values, PosixFilePermissions.fromString("rw-------"));
    List<String> stderr = new CopyOnWriteArrayList<>();
    ServerParameters params = ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java").toString())
        .args(List.of("-Dwaymark.config.dir=" + config, "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug",
            "-cp", System.getProperty("java.class.path"), "dev.waymark.Main", "mcp", "--approve", "auto", "--headless",
            "--chromium", Browsers.chromium().toString(), "--values-file", values.toString()))
        .build();
    StdioClientTransport transport = new StdioClientTransport(params, new JacksonMcpJsonMapper(new ObjectMapper()));
    transport.setStdErrorHandler(stderr::add);
    List<AgentClient.Answer> answers = new ArrayList<>();
    AgentClient agent = AgentClient.over(transport);
    Path export = dir.resolve("mcp-export.yaml");
    try (agent) {
      AgentClient.Answer a = agent.call("task_start", Map.of("goal", "Sign in and read the order number",
          "start_url", signInUrl, "variables", Map.of("email", "the account's email", "password", "the account's password")));
      answers.add(a);
      if (a.error()) throw new AssertionError("task_start: " + a + "\n" + stderr);
      a = agent.respond(a, Map.of("kind", "type", "ref", a.ref("Email"), "text", "{{ email }}"));
      answers.add(a);
      a = agent.respond(a, Map.of("kind", "type", "ref", a.ref("Password"), "text", "{{ password }}"));
      answers.add(a);
      AgentClient.Answer wrong = agent.respond(a, Map.of("kind", "click", "ref", "e999"));
      answers.add(wrong);
      a = agent.respond(a, Map.of("kind", "click", "ref", a.ref("Sign in")));
      answers.add(a);
      answers.add(agent.call("task_state", Map.of("task_id", a.taskId())));
      answers.add(agent.call("task_export", Map.of("task_id", a.taskId(), "path", export.toString())));
    }
    StringBuilder saw = new StringBuilder();
    for (AgentClient.Answer x : answers) saw.append(x.text()).append('\n').append(x.data()).append('\n');
    agent.progress.forEach(p -> saw.append(p).append('\n'));
    // The page greets the account by its email, which the agent reads masked as {{ email }}.
    boolean signedIn = answers.stream().anyMatch(x -> x.text().contains("Signed in as {{ email }}"));
    return new Outputs(saw.toString(), String.join("\n", stderr), signedIn, Files.exists(export) ? Files.readString(export) : "");
  }
}
