package dev.waymark.ui.common;

import dev.waymark.decide.OutcomeSentences;
import dev.waymark.workflow.StepOutcome;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.util.Duration;
import org.controlsfx.control.Notifications;

/**
 * A short notification in the corner of the window for what else a step made happen — a dialog the page opened, a
 * download, a new tab, a heal in a replay — so the person notices it without reading the trail. The text is the
 * person's sentence of the outcome (no advice meant for a model); values are already masked in the outcome.
 */
public final class OutcomeToasts {
  public static final String STYLE = "wm-toast";

  private OutcomeToasts() {}

  /** The title of the notification for {@code outcome}, or null when nothing worth a notification happened. */
  public static String title(StepOutcome o) {
    if (o == null) return null;
    List<String> what = new ArrayList<>();
    if (o.dialogs() != null && !o.dialogs().isEmpty()) what.add(o.dialogs().size() == 1 ? "A dialog" : o.dialogs().size() + " dialogs");
    if (o.downloads() != null && !o.downloads().isEmpty()) what.add(o.downloads().size() == 1 ? "a download" : o.downloads().size() + " downloads");
    if (o.tabsOpened() != null && !o.tabsOpened().isEmpty()) what.add(o.tabsOpened().size() == 1 ? "a new tab" : o.tabsOpened().size() + " new tabs");
    if (o.healed() != null) what.add("a heal");
    if (what.isEmpty()) return null;
    String t = String.join(", ", what);
    return Character.toUpperCase(t.charAt(0)) + t.substring(1);
  }

  private static void toast(Node owner, String title, String text) {
    if (owner == null || owner.getScene() == null) return;
    Notifications.create().owner(owner).title(title).text(text).hideAfter(Duration.seconds(8)).styleClass(STYLE)
        .showInformation();
  }

  /** Shows the notification for a step of {@code type} whose outcome is {@code o}, over {@code owner}'s window. */
  public static void show(Node owner, String type, StepOutcome o) {
    String title = title(o);
    if (title == null) return;
    String text = OutcomeSentences.forPerson(type, o);
    if (o.healed() != null && text.isBlank()) text = "The step's element was found again under another selector.";
    toast(owner, title, text);
  }
}
