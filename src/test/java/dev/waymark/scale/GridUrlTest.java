package dev.waymark.scale;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The --grid address: https anywhere, plain http only on this computer unless --insecure-grid, never a bad URL. */
class GridUrlTest {
  @Test
  void httpsIsAcceptedAnywhere() throws Exception {
    assertThat(GridUrl.parse("https://grid.example.com:4444/wd/hub", false).shown()).isEqualTo("https://grid.example.com:4444/wd/hub");
  }

  @Test
  void plainHttpOnLoopbackIsAccepted() throws Exception {
    for (String u : new String[] {"http://127.0.0.1:4444", "http://localhost:4444/", "http://[::1]:4444", "http://127.0.0.2:4444"}) {
      assertThat(GridUrl.parse(u, false).uri().toString()).isEqualTo(u);
    }
  }

  @Test
  void plainHttpToAnotherComputerIsRefusedUnlessTheInsecureFlagIsGiven() throws Exception {
    assertThatThrownBy(() -> GridUrl.parse("http://10.0.0.5:4444", false)).isInstanceOf(GridUrl.Refused.class)
        .hasMessageContaining("in clear").hasMessageContaining("--insecure-grid").hasMessageContaining("https://");
    // A name is never resolved: it could point anywhere tomorrow.
    assertThatThrownBy(() -> GridUrl.parse("http://grid.local:4444", false)).isInstanceOf(GridUrl.Refused.class);
    assertThat(GridUrl.parse("http://10.0.0.5:4444", true).shown()).isEqualTo("http://10.0.0.5:4444");
  }

  @Test
  void malformedAddressesAreRefusedSayingTheShapeToGive() {
    for (String u : new String[] {"not a url", "ftp://grid:4444", "grid.example.com:4444", "http://:4444", "http://grid:port", ""}) {
      assertThatThrownBy(() -> GridUrl.parse(u, true)).as(u).isInstanceOf(GridUrl.Refused.class).hasMessageContaining("--grid");
    }
  }

  @Test
  void credentialsInTheAddressAreKeptForTheDriverButNeverShown() throws Exception {
    GridUrl g = GridUrl.parse("https://ada:grid-pass-9@grid.example.com/hub?token=t0k", false);
    assertThat(g.uri().getUserInfo()).isEqualTo("ada:grid-pass-9");
    assertThat(g.shown()).isEqualTo("https://grid.example.com/hub");
    assertThat(g.toString()).doesNotContain("grid-pass-9").doesNotContain("t0k");
    assertThatThrownBy(() -> GridUrl.parse("http://ada:grid-pass-9@10.0.0.5:4444", false))
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("grid-pass-9"));
  }
}
