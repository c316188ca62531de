package dev.waymark.decide;

import com.fasterxml.jackson.databind.JsonNode;
import dev.waymark.workflow.Json;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A real external decision program for ProcessSource tests, run in its own JVM from the test classpath. Its
 * first argument picks a behaviour; stdout is its protocol channel, so it prints with a raw PrintStream.
 */
public final class FakeDecider {
  private FakeDecider() {}

  public static void main(String[] args) throws Exception {
    String mode = args.length > 0 ? args[0] : "echo";
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true, StandardCharsets.UTF_8);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    int seen = 0;
    while ((line = in.readLine()) != null) {
      JsonNode p = Json.mapper().readTree(line);
      seen++;
      switch (mode) {
        case "echo" -> {
          // Noise on stderr larger than a pipe buffer: the source must drain it or this program blocks.
          for (int i = 0; i < 2000; i++) err.println("thinking about turn " + p.path("turn").asInt() + " line " + i + " ".repeat(40));
          out.println();
          out.println(Json.write(Map.of("type", "partial", "text", "{\"reasoning\":")));
          String reasoning = "turn " + p.path("turn").asInt() + " goal " + p.path("goal").asText() + " seen " + seen
              + " type " + p.path("type").asText() + " user " + p.path("user").asText().length();
          out.println(Json.write(Map.of("reasoning", reasoning, "done", false,
              "step", Map.of("type", "click", "ref", "e" + p.path("turn").asInt()))));
        }
        case "args" -> out.println(Json.write(Map.of("reasoning", String.join("|", args), "done", true)));
        case "garbage" -> out.println("Sure! I think you should click the blue button.");
        case "exit" -> {
          err.println("fatal: no model configured");
          System.exit(3);
        }
        case "slow" -> Thread.sleep(60_000);
        case "once" -> {
          out.println(Json.write(Map.of("reasoning", "only once", "done", true)));
          return;
        }
        default -> throw new IllegalArgumentException(mode);
      }
    }
  }
}
