package dev.waymark.ui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.waymark.ui.shell.StudioApp;
import dev.waymark.workflow.Json;
import dev.waymark.testing.Browsers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.stage.Window;

/**
 * The real studio ({@link StudioApp}, its bridge, session, journal and window) in a child JVM under Xvfb, worked the
 * way a person works it, for a test that kills it with SIGKILL ({@code StudioCrashRecoveryChromiumTest}). It presses
 * the window's own buttons on the FX thread and prints one JSON line on stdout for each change a person would see.
 *
 * <ul>
 *   <li>{@code drive GOAL}: Launch browser, the goal, Run model; approves each step that waits except a click (the
 *       sign-in's submit), which it leaves waiting. Lines: {@code {"steps": n, "approval": "title or null"}}.</li>
 *   <li>{@code recover}: waits for the recovery offer, presses Recover; one line {@code {"banner", "text", "steps",
 *       "editor"}}, then halts.</li>
 *   <li>{@code canary GOAL}: as a person who keeps a secret in the Variables panel: declares {@code password},
 *       types the value from {@code $WAYMARK_TEST_CANARY} into its field, runs the model approving every step,
 *       then Copy workflow YAML; one line {@code {"steps", "clipboard"}}, then halts.</li>
 * </ul>
 */
public final class StudioInAChild {
  private static final Path AGENT = Path.of("src/test/resources/agents/plan-agent.mjs").toAbsolutePath();

  private StudioInAChild() {}

  /**
   * The command that starts it under {@code xvfb-run}: config in {@code run/config}, the scripted model following
   * {@code run/plan.json} (prompts captured in {@code run/prompts.jsonl}), the studio's log at debug level.
   */
  public static List<String> command(Path run, String... args) {
    List<String> cmd = new ArrayList<>(List.of("xvfb-run", "-a", "-s", "-screen 0 1280x800x24",
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-Dwaymark.config.dir=" + run.resolve("config"),
        "-Dwaymark.chromium=" + Browsers.chromium(),
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug",
        "-Dwaymark.model=program:node " + AGENT + " " + run.resolve("plan.json") + " " + run.resolve("prompts.jsonl"),
        StudioInAChild.class.getName()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  public static void main(String[] args) throws Exception {
    String mode = args[0];
    Thread driver = new Thread(() -> {
      try {
        if ("drive".equals(mode)) drive(args[1], false);
        else if ("canary".equals(mode)) drive(args[1], true);
        else recover();
      } catch (Throwable e) {
        System.err.println("StudioInAChild: " + e);
        e.printStackTrace();
        Runtime.getRuntime().halt(3);
      }
    }, "studio-in-a-child");
    driver.setDaemon(true);
    driver.start();
    StudioApp.launchStudio();
  }

  private static void drive(String goal, boolean canary) throws Exception {
    Parent root = awaitRoot();
    await("Launch browser can be pressed", () -> fx(() -> !button(root, "#launch-browser").isDisabled()), 30_000);
    fx(() -> {
      button(root, "#launch-browser").fire();
      return null;
    });
    await("the browser is connected", () -> fx(() -> !root.lookup("#connection-help").isVisible()), 60_000);
    if (canary) {
      fx(() -> {
        ((TextField) root.lookup("#variable-name")).setText("password");
        ((TextField) root.lookup("#variable-description")).setText("the account's password");
        button(root, "#variable-add").fire();
        return null;
      });
      await("the password's value field", () -> fx(() -> root.lookup("#value-password") != null), 10_000);
      fx(() -> {
        TextField v = (TextField) root.lookup("#value-password");
        v.setText(System.getenv("WAYMARK_TEST_CANARY"));
        v.getOnAction().handle(new javafx.event.ActionEvent());
        return null;
      });
    }
    fx(() -> {
      TextField g = (TextField) root.lookup("#goal-field");
      g.setText(goal);
      g.getOnAction().handle(new javafx.event.ActionEvent());
      button(root, "#run-model").fire();
      return null;
    });
    String shown = "";
    String approved = null;
    while (true) {
      ObjectNode line = fx(() -> {
        ObjectNode n = Json.mapper().createObjectNode();
        n.put("steps", ((TableView<?>) root.lookup("#steps-table")).getItems().size());
        Node card = root.lookup("#approval-view");
        // What waits: the card's action and element ("navigate http://…", "click Sign in").
        String title = card != null && card.isVisible() ? ((Label) root.lookup("#approval-action")).getText() + " "
            + ((Label) root.lookup("#approval-element")).getText() : null;
        n.put("approval", title);
        return n;
      });
      String title = line.path("approval").asText(null);
      if (canary && line.path("steps").asInt() >= 4 && title == null) {
        copyYamlAndHalt(root, line.path("steps").asInt());
      }
      if (title != null && (canary || !title.startsWith("click")) && !title.equals(approved)) {
        // A person who gave the model this task lets it open the page and type; the submit waits for them.
        approved = title;
        fx(() -> {
          button(root, "#approval-approve").fire();
          return null;
        });
      }
      if (title == null) approved = null;
      String now = line.toString();
      if (!now.equals(shown)) {
        System.out.println(now);
        System.out.flush();
        shown = now;
      }
      Thread.sleep(20);
    }
  }

  /** File > Copy workflow YAML, as a person copies the workflow out; prints what the clipboard holds. */
  private static void copyYamlAndHalt(Parent root, int steps) throws Exception {
    Thread.sleep(300);
    fx(() -> {
      javafx.scene.control.MenuBar bar = (javafx.scene.control.MenuBar) root.lookup("#menu-bar");
      for (javafx.scene.control.Menu m : bar.getMenus()) {
        for (javafx.scene.control.MenuItem i : m.getItems()) if ("menu-copy-yaml".equals(i.getId())) i.fire();
      }
      return null;
    });
    // The export is written on the session's thread; the clipboard is filled when it comes back.
    await("the workflow on the clipboard", () -> fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().hasString()), 10_000);
    String yaml = fx(() -> javafx.scene.input.Clipboard.getSystemClipboard().getString());
    ObjectNode out = Json.mapper().createObjectNode().put("steps", steps).put("clipboard", yaml);
    System.out.println(out);
    System.out.flush();
    haltAfterChildren();
  }

  private static void recover() throws Exception {
    Parent root = awaitRoot();
    ObjectNode out = Json.mapper().createObjectNode();
    boolean banner;
    try {
      await("the recovery offer", () -> fx(() -> root.lookup("#recovery-banner") != null && root.lookup("#recovery-banner").isVisible()), 15_000);
      banner = true;
    } catch (AssertionError e) {
      banner = false;
    }
    out.put("banner", banner);
    if (banner) {
      out.put("text", fx(() -> ((Label) root.lookup("#recovery-text")).getText()));
      fx(() -> {
        button(root, "#recovery-recover").fire();
        return null;
      });
      try {
        await("the recovered steps", () -> fx(() -> !root.lookup("#recovery-banner").isVisible()), 10_000);
      } catch (AssertionError e) {
        out.put("still_offered", true);
      }
      Thread.sleep(500);
      out.put("steps", fx(() -> ((TableView<?>) root.lookup("#steps-table")).getItems().size()));
      out.put("editor", fx(() -> {
        Node editor = root.lookup("#decision-editor");
        return editor instanceof org.fxmisc.richtext.GenericStyledArea<?, ?, ?> a ? a.getText() : "";
      }));
    }
    System.out.println(out);
    System.out.flush();
    haltAfterChildren();
  }

  /** The last 6,000 characters of a child's log file, for a failure's message; empty when there is none. */
  public static String tail(Path log) {
    try {
      String s = java.nio.file.Files.readString(log);
      return s.length() > 6000 ? s.substring(s.length() - 6000) : s;
    } catch (java.io.IOException e) {
      return "";
    }
  }

  /**
   * Ends this studio at once (no window closing, no journal finishing: what was on disk is what a person would find)
   * after the Chromium it launched is gone: a halted JVM's children live on, orphaned, and would go on writing into
   * the folders the test reads next.
   */
  private static void haltAfterChildren() {
    List<ProcessHandle> children = ProcessHandle.current().descendants().toList();
    children.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle h : children) {
      try {
        h.onExit().get(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        System.err.println("StudioInAChild: child " + h.pid() + " did not end: " + e);
      }
    }
    Runtime.getRuntime().halt(0);
  }

  /** xvfb-run, its X server, the studio's JVM and the Chromium it launched, all at once, and waits until all are gone. */
  public static void killAll(Process p) throws Exception {
    List<ProcessHandle> all = new ArrayList<>(p.descendants().toList());
    all.add(p.toHandle());
    all.forEach(ProcessHandle::destroyForcibly);
    // Before its folders are read or removed: Chromium's helpers exit a moment after the signal.
    for (ProcessHandle h : all) h.onExit().get(30, TimeUnit.SECONDS);
  }

  private static Parent awaitRoot() throws Exception {
    Parent[] found = new Parent[1];
    await("the studio window", () -> fx(() -> {
      for (Window w : List.copyOf(Window.getWindows())) {
        if (w.isShowing() && w.getScene() != null && w.getScene().getRoot().lookup("#studio-root") != null) {
          found[0] = w.getScene().getRoot();
          return true;
        }
      }
      return false;
    }), 60_000);
    return found[0];
  }

  private static Button button(Parent root, String id) {
    Node n = root.lookup(id);
    if (!(n instanceof Button b)) throw new AssertionError("no button " + id);
    return b;
  }

  private static <T> T fx(Callable<T> c) throws Exception {
    FutureTask<T> t = new FutureTask<>(c);
    Platform.runLater(t);
    return t.get(20, TimeUnit.SECONDS);
  }

  private interface Check {
    boolean holds() throws Exception;
  }

  private static void await(String what, Check c, long ms) throws Exception {
    long until = System.currentTimeMillis() + ms;
    while (System.currentTimeMillis() < until) {
      try {
        if (c.holds()) return;
      } catch (IllegalStateException e) {
        // the toolkit is not up yet
      }
      Thread.sleep(50);
    }
    throw new AssertionError("timed out waiting for " + what);
  }
}
