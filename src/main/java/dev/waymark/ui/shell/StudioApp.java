package dev.waymark.ui.shell;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.stage.Stage;

/** The studio's JavaFX application: builds the shell window and owns its lifetime. */
public final class StudioApp extends Application {

  public static void launchStudio() {
    Application.launch(StudioApp.class);
  }

  @Override
  public void start(Stage stage) {
    BorderPane root = new BorderPane(new Label("Waymark studio"));
    root.setId("studio-root");
    stage.setTitle("Waymark");
    stage.setScene(new Scene(root, 1280, 800));
    stage.show();
  }
}
