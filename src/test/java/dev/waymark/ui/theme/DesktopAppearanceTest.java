package dev.waymark.ui.theme;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.waymark.ui.common.ThemeChoice;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the desktop's preference from faked commands and environment, and the appearance file on disk. */
class DesktopAppearanceTest {
  final List<String> asked = new ArrayList<>();

  DesktopAppearance linux(Map<String, String> env, Map<String, String> answers) {
    return new DesktopAppearance("Linux", env::get, cmd -> {
      asked.add(String.join(" ", cmd));
      return answers.get(cmd.get(cmd.size() - 1));
    });
  }

  @Test
  void gtkThemeWithItsDarkVariantWinsWithoutAskingGsettings() {
    assertThat(linux(Map.of("GTK_THEME", "Adwaita:dark"), Map.of()).prefersDark()).isTrue();
    assertThat(linux(Map.of("GTK_THEME", "Adwaita"), Map.of("color-scheme", "'prefer-dark'\n")).prefersDark()).isFalse();
    assertThat(asked).isEmpty();
  }

  @Test
  void gnomeColorSchemeThenTheGtkThemeName() {
    assertThat(linux(Map.of(), Map.of("color-scheme", "'prefer-dark'\n")).prefersDark()).isTrue();
    assertThat(linux(Map.of(), Map.of("color-scheme", "'prefer-light'\n", "gtk-theme", "'Yaru-dark'\n")).prefersDark()).isFalse();
    assertThat(linux(Map.of(), Map.of("color-scheme", "'default'\n", "gtk-theme", "'Yaru-dark'\n")).prefersDark()).isTrue();
    assertThat(linux(Map.of(), Map.of("color-scheme", "'default'\n", "gtk-theme", "'Adwaita'\n")).prefersDark()).isFalse();
    assertThat(asked).contains("gsettings get org.gnome.desktop.interface color-scheme");
  }

  @Test
  void nothingToAskMeansLight() {
    assertThat(linux(Map.of(), Map.of()).prefersDark()).isFalse();
    assertThat(new DesktopAppearance("FreeBSD", k -> null, cmd -> null).prefersDark()).isFalse();
  }

  @Test
  void macOsAndWindowsAreReadTheirOwnWay() {
    assertThat(new DesktopAppearance("Mac OS X", k -> null, cmd -> "Dark\n").prefersDark()).isTrue();
    assertThat(new DesktopAppearance("Mac OS X", k -> null, cmd -> null).prefersDark()).isFalse();
    String key = "\r\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize\r\n"
        + "    AppsUseLightTheme    REG_DWORD    0x";
    assertThat(new DesktopAppearance("Windows 11", k -> null, cmd -> key + "0\r\n").prefersDark()).isTrue();
    assertThat(new DesktopAppearance("Windows 11", k -> null, cmd -> key + "1\r\n").prefersDark()).isFalse();
  }

  @Test
  void theAppearanceFileKeepsTheChoiceAndAMissingOneFollowsTheSystem(@TempDir Path dir) throws Exception {
    Path file = dir.resolve(AppearanceFile.FILE_NAME);
    assertThat(AppearanceFile.load(file)).isEqualTo(ThemeChoice.SYSTEM);
    AppearanceFile.save(file, ThemeChoice.DARK);
    assertThat(Files.readString(file)).contains("\"theme\" : \"dark\"");
    assertThat(AppearanceFile.load(file)).isEqualTo(ThemeChoice.DARK);
    Files.writeString(file, "[1]");
    assertThatThrownBy(() -> AppearanceFile.load(file)).hasMessageContaining("is not a valid appearance file")
        .hasMessageContaining("fix or delete it");
  }
}
