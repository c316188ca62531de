package dev.waymark.ui;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import javafx.application.Platform;
import javafx.beans.value.WritableValue;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The UI seam, enforced: view models reach the FX thread only through their executor and hand out read-only state. */
class ViewModelSeamTest {
  private static JavaClasses ui;

  @BeforeAll
  static void load() {
    ui = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("dev.waymark.ui");
  }

  @Test
  void noViewModelCallsPlatformRunLater() {
    noClasses().that().haveSimpleNameEndingWith("ViewModel")
        .should().callMethod(Platform.class, "runLater", Runnable.class)
        .because("a view model reaches the FX thread through the UI executor it is given, so a test can pass its own")
        .check(ui);
  }

  @Test
  void aViewModelHandsOutWritablePropertiesOnlyAsNamedInputs() {
    methods().that().areDeclaredInClassesThat().haveSimpleNameEndingWith("ViewModel")
        .and().arePublic().and().haveRawReturnType(assignableTo(WritableValue.class))
        .should().haveNameEndingWith("InputProperty")
        .because("views read view model state; only what a control binds both ways is writable, and says so")
        .check(ui);
  }
}
