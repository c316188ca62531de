package dev.waymark.webdriver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.Keys;

/** The WebDriver driver's parts that need no browser: chords, verdicts, finding chromedriver, an unreachable Grid. */
class WebDriverPartsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void chordsBecomeWebDriverKeysAndAnUnknownKeySaysWhatToWrite() {
    assertThat(TrustedInput.parse("Enter").key()).isEqualTo(Keys.ENTER.toString());
    TrustedInput.Chord c = TrustedInput.parse("ctrl+Shift+a");
    assertThat(c.modifiers()).containsExactly(Keys.CONTROL.toString(), Keys.SHIFT.toString());
    assertThat(c.key()).isEqualTo("a");
    assertThat(TrustedInput.parse("Control++").key()).isEqualTo("+");
    assertThat(TrustedInput.parse("esc").key()).isEqualTo(Keys.ESCAPE.toString());
    assertThatThrownBy(() -> TrustedInput.parse("Hyper+a")).hasMessageContaining("use Control, Shift, Alt or Meta");
    assertThatThrownBy(() -> TrustedInput.parse("Blorp")).hasMessageContaining("unknown key 'Blorp'");
    assertThatThrownBy(() -> TrustedInput.parse("")).hasMessageContaining("press needs a key");
  }

  @Test
  void verdictsFollowTheExtensionsRules() throws Exception {
    EffectVerdict.Seen nothing = new EffectVerdict.Seen(false, false, false, 0, 0, 0, null);
    EffectVerdict unchanged = EffectVerdict.judge("click", JSON.readTree("{\"toggle\":{\"type\":\"checkbox\",\"before\":false,\"after\":false}}"), nothing);
    assertThat(unchanged.ok()).isFalse();
    assertThat(unchanged.error()).contains("did not change the checkbox");
    assertThat(EffectVerdict.judge("click", JSON.readTree("{\"toggle\":{\"type\":\"radio\",\"before\":true,\"after\":true}}"), nothing).ok()).isTrue();
    EffectVerdict dead = EffectVerdict.judge("click", JSON.readTree("{\"link\":true}"), nothing);
    assertThat(dead.error()).contains("the link did nothing");
    EffectVerdict moved = EffectVerdict.judge("click", JSON.readTree("{\"link\":true}"),
        new EffectVerdict.Seen(true, false, true, 0, 0, 0, "http://127.0.0.1/b"));
    assertThat(moved.ok()).isTrue();
    assertThat(moved.effect()).isEqualTo("a new page loaded (http://127.0.0.1/b)");
    assertThat(EffectVerdict.judge("press", JSON.readTree("{\"mutations\":2}"), nothing).effect()).isEqualTo("the page changed (2 DOM changes)");
    assertThat(EffectVerdict.judge("click", JSON.readTree("{}"), nothing).effect()).isEqualTo("no visible change");
  }

  @Test
  void aMissingChromedriverSaysHowToInstallOne() {
    assertThat(DriverLocator.find(Path.of("/no/such/chromedriver"))).isEmpty();
    assertThat(DriverLocator.notFoundMessage(null)).contains("sudo apt-get install chromium-driver").contains("-Dwaymark.chromedriver");
    assertThat(DriverLocator.notFoundMessage(Path.of("/no/such/chromedriver"))).contains("/no/such/chromedriver");
  }

  @Test
  void anUnreachableGridSaysSoAndWhatToCheck() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    WebDriverSessions grid = WebDriverSessions.grid(URI.create("http://127.0.0.1:" + port), true);
    assertThatThrownBy(grid::open).isInstanceOf(SessionStartException.class)
        .hasMessageContaining("cannot reach the Selenium Grid at http://127.0.0.1:" + port)
        .hasMessageContaining("check that the Grid runs");
  }
}
