package dev.waymark.ui.approval;

import dev.waymark.observe.ObservedNode;
import dev.waymark.risk.RiskCategory;
import dev.waymark.session.PendingApproval;
import dev.waymark.ui.common.Icons;
import dev.waymark.ui.common.Styles;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;
import dev.waymark.workflow.Provenance;
import java.util.Comparator;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The approval pane: what the waiting step does, to which element, who decided it and why it is held;
 * Approve (Ctrl+Enter), Reject with a reason (Ctrl+Backspace), Edit (Ctrl+E), Take over (Ctrl+T).
 */
public final class ApprovalView extends VBox {
  private final Label action = value("approval-action");
  private final Label element = value("approval-element");
  private final Label section = value("approval-section");
  private final Label selector = value("approval-selector");
  private final Label origin = value("approval-origin");
  private final Label valueToken = value("approval-value");
  private final FlowPane risks = new FlowPane(6, 4);
  private final VBox reasons = new VBox(2);

  public ApprovalView(ApprovalViewModel vm) {
    setId("approval-view");
    getStyleClass().addAll(Styles.PANEL, Styles.APPROVAL);
    setSpacing(8);
    Label title = Icons.on(new Label("Waiting for your approval"), Feather.ALERT_TRIANGLE);
    title.setId("approval-title");
    title.getStyleClass().add(Styles.APPROVAL_TITLE);

    selector.getStyleClass().add(Styles.MONO);
    valueToken.getStyleClass().addAll(Styles.MONO, Styles.TOKEN);
    risks.setId("approval-risks");
    reasons.setId("approval-reasons");

    GridPane grid = new GridPane();
    grid.setHgap(10);
    grid.setVgap(4);
    ColumnConstraints c0 = new ColumnConstraints();
    c0.setMinWidth(80);
    ColumnConstraints c1 = new ColumnConstraints();
    c1.setHgrow(Priority.ALWAYS);
    grid.getColumnConstraints().addAll(c0, c1);
    int r = 0;
    grid.addRow(r++, label("Action"), action);
    grid.addRow(r++, label("Element"), element);
    grid.addRow(r++, label("Section"), section);
    grid.addRow(r++, label("Selector"), selector);
    grid.addRow(r++, label("Value"), valueToken);
    grid.addRow(r++, label("Decided by"), origin);
    grid.addRow(r++, label("Risk"), risks);
    grid.addRow(r, label("Why"), reasons);

    TextField reason = new TextField();
    reason.setId("approval-reason");
    reason.setPromptText("Reason for rejecting (the next decision reads it)");
    reason.textProperty().bindBidirectional(vm.reasonInputProperty());
    HBox.setHgrow(reason, Priority.ALWAYS);

    Button approve = button("approval-approve", "Approve", "Perform this step (Ctrl+Enter)", vm::approve, Feather.CHECK);
    approve.getStyleClass().add(Styles.PRIMARY);
    Button reject = button("approval-reject", "Reject", "Refuse it; the reason becomes the turn's error (Ctrl+Backspace)", vm::reject, Feather.X);
    reject.getStyleClass().add(Styles.DANGER);
    Button edit = button("approval-edit", "Edit…", "Change the step in the decision editor (Ctrl+E)", vm::edit, Feather.EDIT_2);
    Button take = button("approval-takeover", "Take over", "Do it yourself: pick the element and the action (Ctrl+T)", vm::takeOver,
        Feather.MOUSE_POINTER);
    for (Button b : new Button[] {approve, reject, edit, take}) b.disableProperty().bind(vm.busyProperty());
    reason.setOnAction(e -> vm.reject());
    HBox buttons = new HBox(6, approve, reject, edit, take);
    buttons.setAlignment(Pos.CENTER_LEFT);

    getChildren().addAll(title, grid, reason, buttons);
    setPadding(new Insets(10));

    vm.pendingProperty().addListener((o, a, b) -> show(b));
    show(vm.pendingProperty().get());
  }

  private void show(PendingApproval p) {
    setVisible(p != null);
    setManaged(p != null);
    if (p == null) return;
    action.setText(p.step().type() + ": " + p.step().label() + (p.edited() ? "  (edited by you)" : ""));
    ObservedNode n = p.node();
    element.setText(n == null ? (p.ref() == null ? "the page" : p.ref())
        : (n.role() == null ? n.tag() : n.role()) + " \"" + (n.name() == null ? "" : n.name()) + "\"" + (p.ref() == null ? "" : "  (" + p.ref() + ")")
            + (n.href() == null ? "" : "  → " + n.href()));
    section.setText(n == null || n.section() == null ? "—" : n.section());
    selector.setText(p.step().selector() == null ? (p.step().url() != null ? p.step().url() : "—") : p.step().selector().describe());
    valueToken.setText(p.value() == null ? "—" : p.value());
    String who = Provenance.PERSON.equals(p.decidedBy()) ? "you" : "the model";
    origin.setText(who + (p.reasoning() == null || p.reasoning().isBlank() ? "" : ": " + p.reasoning())
        + (p.url() == null ? "" : "  — on " + p.url()));
    risks.getChildren().clear();
    p.categories().stream().sorted(Comparator.comparing(RiskCategory::ordinal)).forEach(c -> {
      Label chip = Icons.on(new Label(c.description()), Feather.ALERT_OCTAGON);
      chip.setId("risk-" + c.name().toLowerCase());
      chip.getStyleClass().addAll(Styles.CHIP, Styles.CHIP_RISK);
      risks.getChildren().add(chip);
    });
    reasons.getChildren().clear();
    for (String why : p.reasons()) {
      Label l = new Label("• " + why);
      l.setWrapText(true);
      reasons.getChildren().add(l);
    }
  }

  private static Label value(String id) {
    Label l = new Label();
    l.setId(id);
    l.setWrapText(true);
    return l;
  }

  private static Label label(String text) {
    Label l = new Label(text);
    l.getStyleClass().add(Styles.FIELD_LABEL);
    return l;
  }

  private static Button button(String id, String text, String tip, Runnable r, Ikon icon) {
    Button b = Icons.on(new Button(text), icon, tip);
    b.setId(id);
    b.setOnAction(e -> r.run());
    return b;
  }
}
