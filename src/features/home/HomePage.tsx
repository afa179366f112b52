import { AboutSection } from './AboutSection'
import { ContactSection } from './ContactSection'
import { HeroSection } from './HeroSection'
import { PortfolioSection } from './PortfolioSection'
import { PricingSection } from './PricingSection'
import { ServicesSection } from './ServicesSection'
import { useScrollToSection } from './use-scroll-to-section'
import './home.css'

/** `/`: the home page's sections, in nav order. Rendered eagerly; everything heavy loads on demand. */
export function HomePage() {
  useScrollToSection()
  return (
    <main id="main" tabIndex={-1} className="home">
      <HeroSection />
      <AboutSection />
      <ServicesSection />
      <PortfolioSection />
      <PricingSection />
      <ContactSection />
    </main>
  )
}
