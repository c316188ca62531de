package dev.waymark.ui.decision;

import dev.waymark.ui.common.Styles;
import dev.waymark.ui.common.UiThreads;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import javafx.application.Platform;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.fxmisc.flowless.VirtualizedScrollPane;
import org.fxmisc.richtext.CodeArea;
import org.fxmisc.richtext.LineNumberFactory;
import org.fxmisc.richtext.model.StyleSpans;

/** The decision editor: JSON with debounced highlighting, parse and may-not-write errors inline, Apply. */
public final class DecisionEditorView extends BorderPane {
  static final Duration DEBOUNCE = Duration.ofMillis(250);

  private final DecisionEditorViewModel vm;
  private final CodeArea area = new CodeArea();
  private boolean syncing;
  private long highlightSerial;

  public DecisionEditorView(DecisionEditorViewModel vm) {
    this.vm = vm;
    setId("decision-view");
    getStyleClass().add(Styles.PANEL);

    Label title = new Label("Decision");
    title.getStyleClass().add(Styles.PANEL_TITLE);
    Label mode = new Label();
    mode.setId("decision-mode");
    mode.getStyleClass().add(Styles.HINT);
    mode.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> switch (vm.modeProperty().get()) {
      case NEW -> "Write a decision, or pick an element and use Insert";
      case PROPOSED -> "The model's proposal: edit it or apply it as it is";
      case EDITING_PENDING -> "Editing the waiting step: Apply checks it again";
    }, vm.modeProperty()));
    Region spacer = new Region();
    HBox.setHgrow(spacer, Priority.ALWAYS);
    MenuButton insert = new MenuButton("Insert");
    insert.setId("decision-templates");
    for (String t : new String[] {"click", "fill", "select", "press", "navigate", "extract", "wait", "done"}) {
      MenuItem mi = new MenuItem(t);
      mi.setId("template-" + t);
      mi.setOnAction(e -> vm.insertTemplate(t));
      insert.getItems().add(mi);
    }
    HBox head = new HBox(8, title, mode, spacer, insert);
    head.setAlignment(Pos.CENTER_LEFT);
    setTop(head);

    area.setId("decision-editor");
    area.getStyleClass().add(Styles.MONO);
    area.setParagraphGraphicFactory(LineNumberFactory.get(area));
    area.setWrapText(true);
    VirtualizedScrollPane<CodeArea> scroll = new VirtualizedScrollPane<>(area);
    scroll.setPrefHeight(160);
    setCenter(scroll);
    BorderPane.setMargin(scroll, new javafx.geometry.Insets(6, 0, 6, 0));

    Label error = new Label();
    error.setId("decision-error");
    error.getStyleClass().add(Styles.ERROR_TEXT);
    error.setWrapText(true);
    error.textProperty().bind(vm.errorProperty());
    error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
    error.managedProperty().bind(error.visibleProperty());
    error.setMaxWidth(Double.MAX_VALUE);

    Button clear = new Button("Clear");
    clear.setId("decision-clear");
    clear.setOnAction(e -> vm.clear());
    Button apply = new Button("Apply");
    apply.setId("decision-apply");
    apply.getStyleClass().add(Styles.PRIMARY);
    apply.setTooltip(new Tooltip("Apply this decision to the page (Ctrl+Shift+Enter)"));
    apply.disableProperty().bind(vm.busyProperty().or(vm.textInputProperty().isEmpty())
        .or(vm.pendingWaitingProperty().and(vm.modeProperty().isNotEqualTo(DecisionEditorViewModel.Mode.EDITING_PENDING))));
    apply.setOnAction(e -> vm.apply());
    Region sp2 = new Region();
    HBox.setHgrow(sp2, Priority.ALWAYS);
    HBox buttons = new HBox(6, sp2, clear, apply);
    Label progress = new Label();
    progress.setId("decision-progress");
    progress.getStyleClass().add(dev.waymark.ui.common.Styles.HINT);
    progress.textProperty().bind(vm.progressProperty());
    progress.setWrapText(true);
    // Seconds move while a model writes, between the snapshots its stream brings.
    javafx.animation.Timeline ticks = new javafx.animation.Timeline(
        new javafx.animation.KeyFrame(javafx.util.Duration.millis(250), e -> vm.tick()));
    ticks.setCycleCount(javafx.animation.Animation.INDEFINITE);
    ticks.play();
    setBottom(new VBox(6, progress, error, buttons));

    area.textProperty().addListener((o, a, b) -> {
      if (syncing) return;
      syncing = true;
      try {
        vm.textInputProperty().set(b);
      } finally {
        syncing = false;
      }
    });
    vm.textInputProperty().addListener((o, a, b) -> {
      if (syncing) return;
      syncing = true;
      try {
        area.replaceText(b == null ? "" : b);
      } finally {
        syncing = false;
      }
      // Set by the model (a proposal, an edit, a template), not typed: check and colour it at once.
      highlightSoon();
      vm.check();
    });
    // Debounced: highlighting and checking run when typing pauses, not on every key.
    area.multiPlainChanges().successionEnds(DEBOUNCE).subscribe(ignore -> {
      vm.check();
      highlightSoon();
    });
    vm.errorStartProperty().addListener((o, a, b) -> highlightSoon());
    vm.errorEndProperty().addListener((o, a, b) -> highlightSoon());
  }

  private void highlightSoon() {
    String text = area.getText();
    int es = vm.errorStartProperty().get(), ee = vm.errorEndProperty().get();
    long serial = ++highlightSerial;
    CompletableFuture.supplyAsync(() -> JsonHighlighter.spans(text, es, ee), UiThreads.worker())
        .thenAccept(spans -> Platform.runLater(() -> apply(serial, text, spans)));
  }

  private void apply(long serial, String text, StyleSpans<Collection<String>> spans) {
    // Spans are computed on a pool; only the newest request may paint, whatever order they finish in.
    if (serial != highlightSerial || !text.equals(area.getText()) || text.isEmpty()) return;
    area.setStyleSpans(0, spans);
  }

  public CodeArea area() {
    return area;
  }
}
