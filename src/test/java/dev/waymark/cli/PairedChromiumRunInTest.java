package dev.waymark.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The one way author, mcp and run start a browser of their own: what the person reads when none can be had. */
class PairedChromiumRunInTest {
  @Test
  void aBrowserThatIsNotThereIsSaidWithItsExitCodeAndTheWorkNeverRuns() {
    StringWriter err = new StringWriter();
    AtomicBoolean ran = new AtomicBoolean();
    int code = PairedChromium.runIn(Engine.CHROMIUM, Path.of("/nowhere/chromium"), null, true, 5, "test",
        new PrintWriter(err, true), 130, "Stopped.", browser -> {
          ran.set(true);
          return 0;
        });

    assertThat(code).isEqualTo(ExitCodes.NO_BROWSER);
    assertThat(ran).isFalse();
    assertThat(err.toString()).contains("/nowhere/chromium").doesNotContain("Stopped.");
  }
}
