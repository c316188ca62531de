package dev.waymark.ui.files;

import dev.waymark.ui.common.Styles;
import dev.waymark.workflow.Step;
import dev.waymark.workflow.Workflow;
import dev.waymark.workflow.WorkflowLoadException;
import dev.waymark.workflow.WorkflowProblem;
import dev.waymark.workflow.WorkflowYaml;
import java.util.Map;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/** A read-only window on an exported workflow: its variables and steps, or every problem with its line. */
public final class WorkflowInspector extends BorderPane {
  public WorkflowInspector(String fileName, String yaml) {
    setId("workflow-inspector");
    getStyleClass().add(Styles.PANEL);
    TextArea source = new TextArea(yaml);
    source.setId("inspector-source");
    source.setEditable(false);
    source.getStyleClass().add(Styles.MONO);
    Label title = new Label(fileName);
    title.getStyleClass().add(Styles.PANEL_TITLE);
    setTop(title);
    try {
      Workflow w = WorkflowYaml.read(yaml);
      TableView<Map.Entry<String, String>> vars = new TableView<>();
      vars.setId("inspector-variables");
      vars.getItems().setAll(w.variables().entrySet());
      vars.getColumns().add(col("Variable", e -> "{{ " + e.getKey() + " }}"));
      vars.getColumns().add(col("Description", Map.Entry::getValue));
      vars.setPrefHeight(110);
      vars.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
      TableView<Step> steps = new TableView<>();
      steps.setId("inspector-steps");
      steps.getItems().setAll(w.steps());
      steps.getColumns().add(col("Id", Step::id));
      steps.getColumns().add(col("Type", Step::type));
      steps.getColumns().add(col("Label", Step::label));
      steps.getColumns().add(col("Selector", s -> s.selector() == null ? s.url() : s.selector().describe()));
      steps.getColumns().add(col("Value", Step::value));
      steps.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
      Label summary = new Label(w.name() + " — " + w.steps().size() + " steps, " + w.variables().size() + " variables");
      summary.setId("inspector-summary");
      setCenter(new SplitPane(new VBox(6, summary, vars, steps), source));
    } catch (WorkflowLoadException e) {
      ListView<String> problems = new ListView<>();
      problems.setId("inspector-problems");
      for (WorkflowProblem p : e.problems()) problems.getItems().add("line " + p.line() + ": " + p.message());
      Label l = new Label("This workflow has problems; it would not replay until they are fixed:");
      l.getStyleClass().add(Styles.ERROR_TEXT);
      setCenter(new SplitPane(new VBox(6, l, problems), source));
    }
  }

  private static <T> TableColumn<T, String> col(String t, java.util.function.Function<T, String> f) {
    TableColumn<T, String> c = new TableColumn<>(t);
    c.setCellValueFactory(p -> new ReadOnlyStringWrapper(f.apply(p.getValue()) == null ? "" : f.apply(p.getValue())));
    return c;
  }

  public static void show(Window owner, String fileName, String yaml) {
    Stage st = new Stage();
    st.initOwner(owner);
    st.setTitle("Workflow — " + fileName);
    Scene scene = new Scene(new WorkflowInspector(fileName, yaml), 980, 560);
    scene.getStylesheets().add(WorkflowInspector.class.getResource(Styles.STYLESHEET).toExternalForm());
    st.setScene(scene);
    st.show();
  }
}
