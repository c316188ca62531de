package dev.waymark.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Marks a test class that starts or drives the JavaFX toolkit (TestFX, Monocle): one toolkit a JVM, so no two such
 * classes run at once. Other tests run beside them (src/test/resources/junit-platform.properties).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ResourceLock(JavaFxToolkit.LOCK)
public @interface JavaFxToolkit {
  String LOCK = "waymark.javafx";
}
