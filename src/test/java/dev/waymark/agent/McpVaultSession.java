package dev.waymark.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.waymark.secrets.VariableApprovals;
import dev.waymark.testing.Browsers;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * {@code waymark mcp --values-from STORE} as an agent starts it: a child JVM on stdio at debug level (dbus-java and
 * the Secret Service client included), its own headless Chromium, and an agent that calls {@code workflow_run} on a
 * sign-in workflow before and after the person approved its password. What the agent saw and the child's stderr are
 * handed back to be scanned.
 */
public final class McpVaultSession {
  /** What the agent read, the child's stderr, and whether the first call was refused and the second signed in. */
  public record Outputs(String agentSaw, String stderr, boolean refusedFirst, boolean signedIn) {}

  private McpVaultSession() {}

  /** {@code extraJvm}: system properties (the test's bus); {@code env}: environment (a KeePass master password). */
  public static Outputs run(Path dir, String signInUrl, String valuesFrom, List<String> extraJvm, Map<String, String> env)
      throws Exception {
    Path config = Files.createDirectories(dir.resolve("config"));
    Path wf = Files.writeString(dir.resolve("signin.yaml"), "id: signin\nname: Sign in to Acme\n"
        + "variables:\n  password: the account's password\nsteps:\n"
        + "  - id: s1\n    type: navigate\n    url: " + signInUrl + "\n"
        + "  - id: s2\n    type: fill\n    selector: {css: \"#email\"}\n    value: ada@example.com\n"
        + "  - id: s3\n    type: fill\n    selector: {css: \"#password\"}\n    value: \"{{ password }}\"\n"
        + "  - id: s4\n    type: click\n    selector: {css: \"#go\"}\n"
        + "  - id: s5\n    type: extract\n    selector: {css: \"#who\"}\n    store: who\n");
    List<String> args = new ArrayList<>(List.of("-Dwaymark.config.dir=" + config, "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug"));
    args.addAll(extraJvm);
    args.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.waymark.Main", "mcp", "--approve", "auto",
        "--headless", "--chromium", Browsers.chromium().toString(), "--values-from", valuesFrom));
    ServerParameters.Builder params = ServerParameters.builder(Path.of(System.getProperty("java.home"), "bin", "java").toString())
        .args(args);
    env.forEach(params::addEnvVar);
    StdioClientTransport transport = new StdioClientTransport(params.build(), new JacksonMcpJsonMapper(new ObjectMapper()));
    List<String> stderr = new CopyOnWriteArrayList<>();
    transport.setStdErrorHandler(stderr::add);
    List<AgentClient.Answer> answers = new ArrayList<>();
    AgentClient agent = AgentClient.over(transport);
    try (agent) {
      answers.add(agent.call("workflow_run", Map.of("path", wf.toString())));
      // The person approves, as `waymark approvals add` does, in the child's config folder.
      String text = Files.readString(wf);
      new VariableApprovals(config.resolve(VariableApprovals.FILE_NAME))
          .approve(VariableApprovals.key(text), "Sign in to Acme", List.of("password"));
      answers.add(agent.call("workflow_run", Map.of("path", wf.toString())));
    }
    StringBuilder saw = new StringBuilder();
    for (AgentClient.Answer x : answers) saw.append(x.text()).append('\n').append(x.data()).append('\n');
    agent.progress.forEach(p -> saw.append(p).append('\n'));
    AgentClient.Answer first = answers.get(0);
    AgentClient.Answer second = answers.get(1);
    return new Outputs(saw.toString(), String.join("\n", stderr),
        first.error() && first.text().contains("waymark approvals add"),
        !second.error() && second.toString().contains("Signed in as ada@example.com"));
  }
}
