package dev.waymark.ui;

import static dev.waymark.ui.StudioFixture.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.waymark.secrets.KeyringStore;
import dev.waymark.testing.JavaFxToolkit;
import dev.waymark.testing.SecretServiceDaemon;
import dev.waymark.workflow.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * The Variables panel's Remember keeps a value in the OS keyring (a real GNOME Keyring on the test's own bus), and
 * From keyring puts it back into a session that never had it, as after a restart. The value is in no file.
 */
@ExtendWith(ApplicationExtension.class)
@JavaFxToolkit
@org.junit.jupiter.api.parallel.ResourceLock(SecretServiceDaemon.LOCK)
class VariablesKeyringTest {
  static final String SECRET = "Kr-Remembered-" + Long.toHexString(System.nanoTime());
  @TempDir static Path dir;
  StudioFixture f;
  SecretServiceDaemon daemon;

  @Start
  void start(Stage stage) throws Exception {
    daemon = SecretServiceDaemon.start();
    f = new StudioFixture(dir);
    f.session.start("sign-in", "Sign in", 10).get();
    f.session.observe().get();
    f.show(stage, List.of());
  }

  @AfterEach
  void tearDown() throws Exception {
    f.close();
    daemon.close();
  }

  @Test
  void rememberKeepsTheValueInTheKeyringAndFromKeyringBringsItBack(FxRobot robot) throws Exception {
    robot.clickOn("#variable-name").write("password");
    robot.clickOn("#variable-add");
    await("the variable is declared", () -> robot.lookup("#value-password").tryQuery().isPresent());
    robot.clickOn("#value-password").write(SECRET).type(KeyCode.ENTER);
    await("the session has the value", () -> f.session.latest().valuesEntered().contains("password"));
    robot.clickOn("#value-remember-password");
    try (KeyringStore other = new KeyringStore()) {
      await("the keyring keeps it", () -> {
        try {
          return other.lookup("password").filter(SECRET::equals).isPresent();
        } catch (Exception e) {
          return false;
        }
      });
    }
    assertThat(f.session.latest().valuesEntered()).contains("password");

    // As after a restart: the session loses the variable and its value, then declares it again.
    f.session.removeVariable("password").get();
    await("the variable is gone", () -> !f.session.latest().valuesEntered().contains("password"));
    robot.clickOn("#variable-name").write("password");
    robot.clickOn("#variable-add");
    await("declared again", () -> robot.lookup("#value-recall-password").tryQuery().isPresent());
    assertThat(f.session.latest().valuesEntered()).doesNotContain("password");
    robot.clickOn("#value-recall-password");
    await("the keyring's value is the session's", () -> f.session.latest().valuesEntered().contains("password"));
    f.session.submit("{\"reasoning\": \"type the password\", \"step\": {\"type\": \"fill\", \"ref\": \"e4\", "
        + "\"value\": \"{{ password }}\"}}", Provenance.PERSON).get();
    assertThat(f.browser.performed.get(0).values()).containsEntry("password", SECRET);

    // A variable the keyring does not know says so.
    robot.clickOn("#variable-name").write("pin");
    robot.clickOn("#variable-add");
    await("pin declared", () -> robot.lookup("#value-recall-pin").tryQuery().isPresent());
    robot.clickOn("#value-recall-pin");
    await("the panel says the keyring has none", () -> f.view.lookupAll(".label").stream()
        .anyMatch(n -> n instanceof javafx.scene.control.Label l && l.getText() != null && l.getText().contains("holds no value for {{ pin }}"))
        || robot.lookup(n -> n instanceof javafx.scene.control.Labeled l && l.getText() != null
            && l.getText().contains("holds no value for {{ pin }}")).tryQuery().isPresent());
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) assertThat(Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1)).as(p.toString()).doesNotContain(SECRET);
    }
  }
}
