// What is on disk, asked without exceptions: the site's files, the rendered pages, the render kit.

/** True when `path` exists (file or folder). */
export function exists(path: string): boolean {
  try {
    $os.stat(path)
    return true
  } catch {
    return false
  }
}

/** True when `path` is a file. */
export function isFile(path: string): boolean {
  try {
    return !$os.stat(path).isDir()
  } catch {
    return false
  }
}

/** True when `path` is a folder. */
export function isDir(path: string): boolean {
  try {
    return $os.stat(path).isDir()
  } catch {
    return false
  }
}
