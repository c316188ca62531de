package dev.waymark.travel;

import dev.waymark.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** One waymark command in this JVM (Main's, or one given, such as run over a paired browser): exit code, stdout, stderr. */
record CommandRun(int code, String out, String err) {

  static CommandRun of(String... args) {
    return of(Main.commandLine(), args);
  }

  static CommandRun of(CommandLine cl, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new CommandRun(code, out.toString(), err.toString());
  }

  @Override
  public String toString() {
    return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}
