package dev.waymark.ui;

import dev.waymark.risk.ApprovalPolicy;
import dev.waymark.session.AuthoringSession;
import dev.waymark.session.FakeSessionBrowser;
import dev.waymark.session.KeywordRiskGate;
import dev.waymark.session.SessionJournal;
import dev.waymark.ui.common.Styles;
import dev.waymark.ui.shell.StudioContext;
import dev.waymark.ui.shell.StudioView;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/** A studio window over a fake browser and a fake bridge, with its session journaling into a temp folder. */
public final class StudioFixture {
  public final FakeSessionBrowser browser = FakeSessionBrowser.checkout();
  public final FakeConnectionService connection = new FakeConnectionService();
  public final FixedFileDialogs files = new FixedFileDialogs();
  public final Path dir;
  /** How the session and the window's view models reach the FX thread, as in the app. */
  public final Executor ui = Platform::runLater;
  public final AuthoringSession session;
  public StudioView view;

  public StudioFixture(Path dir) {
    this.dir = dir;
    session = new AuthoringSession(new AuthoringSession.Config(browser, new KeywordRiskGate(), ApprovalPolicy.defaults(),
        dir.resolve("sessions"), ui, 5_000));
  }

  /** Builds the window on the FX thread (call from a TestFX @Start method). */
  public void show(Stage stage, List<SessionJournal.Replay> recoverable) {
    show(stage, recoverable, null);
  }

  public void show(Stage stage, List<SessionJournal.Replay> recoverable, StudioContext.Model model) {
    show(stage, recoverable, model, null);
  }

  /** With the theme's parts given (null: kept beside the approval policy, the system taken to be light). */
  public void show(Stage stage, List<SessionJournal.Replay> recoverable, StudioContext.Model model,
      dev.waymark.ui.theme.Appearance appearance) {
    StudioContext ctx = new StudioContext(session, connection, files, dir.resolve("approval-policy.json"), model, recoverable,
        ui);
    view = appearance == null ? new StudioView(ctx) : new StudioView(ctx, appearance);
    Scene scene = new Scene(view, 1260, 780);
    scene.getStylesheets().add(StudioFixture.class.getResource(Styles.STYLESHEET).toExternalForm());
    stage.setScene(scene);
    stage.show();
  }

  /** Waits for a condition; on timeout the failure also says what the notification bar showed. */
  public void awaitShown(String what, BooleanSupplier condition) {
    try {
      await(what, condition);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + "; notification: " + (view.notificationPane().isShowing() ? view.notificationPane().getText() : "none")
          + "; activity: " + session.latest().activity(), e);
    }
  }

  public static void await(String what, BooleanSupplier condition) {
    try {
      WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
        WaitForAsyncUtils.waitForFxEvents();
        return onFx(condition);
      });
    } catch (java.util.concurrent.TimeoutException e) {
      throw new AssertionError("timed out waiting for: " + what, e);
    }
  }

  public static boolean onFx(BooleanSupplier s) {
    try {
      return WaitForAsyncUtils.asyncFx(s::getAsBoolean).get(5, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  public static void settle() {
    WaitForAsyncUtils.waitForFxEvents();
  }

  public void close() {
    session.close();
  }
}
