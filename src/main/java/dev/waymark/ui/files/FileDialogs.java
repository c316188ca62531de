package dev.waymark.ui.files;

import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** Where the studio asks for a file: the system chooser in the app, a fixed answer in tests. */
public interface FileDialogs {
  Optional<Path> save(String title, String initialName, String description, String pattern);

  Optional<Path> open(String title, String description, String pattern);

  /** The system's file chooser, owned by the studio window. */
  static FileDialogs system(java.util.function.Supplier<Window> owner) {
    return new FileDialogs() {
      private File lastDir;

      @Override
      public Optional<Path> save(String title, String initialName, String description, String pattern) {
        FileChooser fc = chooser(title, description, pattern);
        fc.setInitialFileName(initialName);
        return remember(fc.showSaveDialog(owner.get()));
      }

      @Override
      public Optional<Path> open(String title, String description, String pattern) {
        return remember(chooser(title, description, pattern).showOpenDialog(owner.get()));
      }

      private FileChooser chooser(String title, String description, String pattern) {
        FileChooser fc = new FileChooser();
        fc.setTitle(title);
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter(description, pattern));
        fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("All files", "*"));
        if (lastDir != null && lastDir.isDirectory()) fc.setInitialDirectory(lastDir);
        return fc;
      }

      private Optional<Path> remember(File f) {
        if (f == null) return Optional.empty();
        lastDir = f.getParentFile();
        return Optional.of(f.toPath());
      }
    };
  }
}
