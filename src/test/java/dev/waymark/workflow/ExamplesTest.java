package dev.waymark.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The sample workflows shipped in resources/examples load, and are already in normalized form. */
class ExamplesTest {
  @Test
  void everyShippedExampleLoadsAndIsNormalized() throws Exception {
    List<Path> files;
    try (Stream<Path> s = Files.list(Path.of("resources/examples"))) {
      files = s.filter(p -> p.toString().endsWith(".yaml")).toList();
    }
    assertThat(files).isNotEmpty();
    for (Path f : files) {
      String text = Files.readString(f);
      Workflow wf = WorkflowYaml.read(text);
      assertThat(WorkflowYaml.write(wf)).as(f.toString()).isEqualTo(text);
    }
  }
}
