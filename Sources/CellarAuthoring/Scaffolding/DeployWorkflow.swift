import CellarEngine
/// The GitHub Actions workflow `cellar new site` writes into the site's repository: on every push
/// to `main` it installs the Cellar release that made the site (its Debian package, in a Debian 12
/// container), runs `cellar build` with the address GitHub Pages gives the site, and publishes
/// `public/`. No Swift toolchain is involved.
package enum DeployWorkflow {
    /// Where the workflow goes, relative to the site folder.
    package static let path = ".github/workflows/deploy.yml"
    /// Where Cellar's releases are downloaded from: `<releases>/v<version>/cellar_<version>_amd64.deb`.
    package static let releases = "https://github.com/cellar-ssg/cellar/releases/download"

    /// The workflow, pinned to `cellarVersion` so the site builds the same way until someone
    /// changes the pin.
    package static func text(cellarVersion: String = CellarVersion.current) -> String {
        """
        # Publishes the site on GitHub Pages on every push to main (written by `cellar new site`).
        # Once, in the repository's Settings → Pages, set "Source" to "GitHub Actions".
        # It installs Cellar's Debian package (no Swift needed) and runs `cellar build` with the
        # address Pages gives the site, so base_url in content/_index.md need not match it.
        name: Deploy

        on:
          push:
            branches: [main]
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          CELLAR_VERSION: "\(cellarVersion)"   # the Cellar release that builds the site

        jobs:
          build:
            runs-on: ubuntu-latest
            container: debian:bookworm   # the package is built for Debian 12
            steps:
              - uses: actions/checkout@v4
              - name: Install Cellar
                run: |
                  apt-get update
                  apt-get install -y --no-install-recommends ca-certificates curl
                  curl -fsSL -o /tmp/cellar.deb "\(releases)/v${CELLAR_VERSION}/cellar_${CELLAR_VERSION}_amd64.deb"
                  apt-get install -y /tmp/cellar.deb
                  cellar --version
              - id: pages
                uses: actions/configure-pages@v5
              - name: Build
                run: cellar build --base-url "${{ steps.pages.outputs.base_url }}/"
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: public

          deploy:
            needs: build
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - id: deployment
                uses: actions/deploy-pages@v4

        """
    }
}
