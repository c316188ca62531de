package dev.waymark.ui.handover;

import dev.waymark.session.WaitingUserStep;
import dev.waymark.ui.common.Styles;
import dev.waymark.workflow.UserSteps;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;

/**
 * The userStep card: what the person is asked to do in the browser, with which method, what else ends the wait,
 * and Continue. It is never disabled while the session is busy: the session is busy waiting for exactly this.
 */
public final class UserStepView extends VBox {
  private final Label instruction = label("userstep-instruction");
  private final Label method = label("userstep-method");
  private final Label continues = label("userstep-continues");
  private final Label limit = label("userstep-limit");

  public UserStepView(UserStepViewModel vm) {
    setId("userstep-view");
    getStyleClass().addAll(Styles.PANEL, Styles.APPROVAL);
    setSpacing(6);
    Label title = new Label("Your turn in the browser");
    title.getStyleClass().add(Styles.APPROVAL_TITLE);
    Label never = new Label("Waymark never sees or handles your password, code, key or payment. The same Continue is in "
        + "the Waymark side panel in the browser.");
    never.setWrapText(true);
    never.getStyleClass().add(Styles.HINT);
    Button go = new Button("Continue");
    go.setId("userstep-continue");
    go.getStyleClass().add(Styles.PRIMARY);
    go.setTooltip(new Tooltip("You have done it in the browser: Waymark reads the page and goes on"));
    go.setOnAction(e -> vm.continueStep());
    getChildren().addAll(title, instruction, method, continues, limit, never, go);
    vm.waitingProperty().addListener((o, a, b) -> show(b));
    show(vm.waitingProperty().get());
  }

  private void show(WaitingUserStep w) {
    setVisible(w != null);
    setManaged(w != null);
    if (w == null) return;
    instruction.setText(w.instruction());
    showIf(method, w.method() == null ? null : "Method: " + UserSteps.methodName(w.method()));
    showIf(continues, w.continues() == null ? "Only your Continue ends this step." : w.continues());
    showIf(limit, w.limitMs() > 0 ? "It gives up after " + Math.max(1, w.limitMs() / 1000) + " s." : null);
  }

  private static void showIf(Label l, String text) {
    l.setText(text == null ? "" : text);
    l.setVisible(text != null);
    l.setManaged(text != null);
  }

  private static Label label(String id) {
    Label l = new Label();
    l.setId(id);
    l.setWrapText(true);
    return l;
  }
}
